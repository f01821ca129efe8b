// cute.get_leaves: one result per leaf, all integers or all the typed
// leaves; the integer spelling needs integer leaves.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @typed_mismatch(%s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{result #1 must be !cute.shape<"8"> (leaf 1 of !cute.shape<"(4,8)">), but got !cute.shape<"4">}}
  %a, %b = "cute.get_leaves"(%s) : (!cute.shape<"(4,8)">) -> (!cute.shape<"4">, !cute.shape<"4">)
  return
}

// -----

func.func @typed_count(%s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{expects 2 result(s), one per leaf of !cute.shape<"(4,8)">, but got 1}}
  %a = "cute.get_leaves"(%s) : (!cute.shape<"(4,8)">) -> !cute.shape<"4">
  return
}

// -----

func.func @integer_basis(%s: !cute.stride<"(1@0,1@1)">) {
  // expected-error @+1 {{leaf 1@0 of !cute.stride<"(1@0,1@1)"> is not an integer}}
  %a, %b = cute.get_leaves %s : !cute.stride<"(1@0,1@1)"> -> index, index
  return
}

// -----

// The result count is the typed spelling's to infer: uses must agree.
func.func @typed_uses(%s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
  %a, %b, %c = cute.get_leaves(%s) : !cute.shape<"(4,8)">
  return
}

// -----

// A result must hold its leaf (issue 35): 2^32 does not fit i32, a 64-bit
// run-time leaf does not fit i32 either; i64 and index hold both.
func.func @static_leaf_too_wide(%t: !cute.int_tuple<"(4294967296,8)">) {
  // expected-error @+1 {{result #0 is i32, which cannot hold leaf 0 (4294967296) of !cute.int_tuple<"(4294967296,8)">: use i64}}
  %a, %b = cute.get_leaves %t : !cute.int_tuple<"(4294967296,8)"> -> i32, i32
  return
}

// -----

func.func @wide_leaf_in_i32(%t: !cute.int_tuple<"(?{i64},8)">) {
  // expected-error @+1 {{result #0 is i32, which cannot hold leaf 0 (?{i64}) of !cute.int_tuple<"(?{i64},8)">: use i64}}
  %a, %b = cute.get_leaves %t : !cute.int_tuple<"(?{i64},8)"> -> i32, i32
  return
}
