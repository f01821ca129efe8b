// cute.tile_to_shape: the target's rank, a permutation order, static shapes.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @rank(%b: !cute.layout<"(2,2,2):(1,2,4)">, %s: !cute.shape<"(4,4)">) {
  // expected-error @+2 {{the block has rank 3, more than the target shape's 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tile_to_shape(%b, %s) : (!cute.layout<"(2,2,2):(1,2,4)">, !cute.shape<"(4,4)">) -> !cute.layout<"(2,2,2):(1,2,4)">
  return
}

// -----

func.func @not_a_permutation(%b: !cute.layout<"(2,2):(1,2)">, %s: !cute.shape<"(4,4)">, %o: !cute.int_tuple<"(1,1)">) {
  // expected-error @+2 {{the order (1,1) is not a permutation of 0..2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tile_to_shape(%b, %s, %o) : (!cute.layout<"(2,2):(1,2)">, !cute.shape<"(4,4)">, !cute.int_tuple<"(1,1)">) -> !cute.layout<"(2,2):(1,2)">
  return
}

// -----

// The block is static (the tile being replicated).
func.func @dynamic_block(%b: !cute.layout<"(2,?):(1,2)">, %s: !cute.shape<"(4,8)">) {
  // expected-error @+2 {{the block's mode 1 has a run-time extent; the block is static}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tile_to_shape(%b, %s) : (!cute.layout<"(2,?):(1,2)">, !cute.shape<"(4,8)">) -> !cute.layout<"(2,2):(1,2)">
  return
}
