// Round trip of the cute types: quoted CuTe notation and the spec's spellings,
// printed canonically.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// The generic form round-trips too (every op and type through its generic
// printer and back to the custom form).
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

// CHECK-LABEL: @tuples
// CHECK-SAME: !cute.int_tuple<"(?,128)">
// CHECK-SAME: !cute.shape<"((2,4),4)">
// CHECK-SAME: !cute.stride<"(1@0,1@1)">
// CHECK-SAME: !cute.coord<"(_,1)">
// CHECK-SAME: !cute.tile<"[128:1;64:1]">
// CHECK-SAME: !cute.shape<"(?{div=8},?{i64})">
func.func private @tuples(!cute.int_tuple<"( ?, 128 )">, !cute.shape<"((2,4),4)">,
                          !cute.stride<"(1@0, 1@1)">, !cute.coord<"(_,1)">,
                          !cute.tile<"[128:1;64:1]">, !cute.shape<"(?{div=8},?{i64})">)

// CHECK-LABEL: @layouts
// CHECK-SAME: !cute.layout<"((2,4),4):((1,16),8)">
// CHECK-SAME: !cute.layout<"(4):(1)">
// CHECK-SAME: !cute.layout<"(8,4):(1,8)">
// CHECK-SAME: !cute.layout<"((2,4),4):((1,16),8)">
// CHECK-SAME: !cute.layout<"(?,4):(1,?)">
func.func private @layouts(!cute.layout<"((2,4),4):((1,16),8)">, !cute.layout<"(4):(1)">,
                           !cute.layout<<8:1, 4:8>>,
                           !cute.layout<<((2, 4), 4):((1, 16), 8)>>,
                           !cute.layout<"(?,4):(1,?)">)

// An unquoted integer body is the spec's rank notation (spec 000's
// tile_partition walk: `!cute.coord<2>` is a rank-2 run-time coordinate); a
// quoted one is a static value.
// CHECK-LABEL: func private @rank_notation
// CHECK-SAME: !cute.coord<"(?,?)">, !cute.coord<"2">, !cute.layout<"(?,?):(?,?)">, !cute.shape<"(?,?,?)">
func.func private @rank_notation(!cute.coord<2>, !cute.coord<"2">, !cute.layout<2>, !cute.shape<3>)

// Spec 000's tile_partition example types, with the meaning the spec gives them.
// CHECK-LABEL: func private @spec_000_tile_partition_types
// CHECK-SAME: !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?)">, !cute.layout<"(32,32):(1,128)">
func.func private @spec_000_tile_partition_types(!cute.layout<<128:1, 64:128>>, !cute.coord<2>, !cute.layout<<32:1, 32:128>>)
