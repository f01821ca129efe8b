// cute.increment_coord: congruent operands, no wildcard, the computed result.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @profiles(%c: !cute.coord<"(1,2)">, %s: !cute.shape<"((2,2),4)">) {
  // expected-error @+2 {{increment_coord: the coordinate (1,2) and the shape ((2,2),4) are not congruent}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = cute.increment_coord(%c, %s) : (!cute.coord<"(1,2)">, !cute.shape<"((2,2),4)">) -> !cute.coord<"(2,2)">
  return
}

// -----

func.func @wildcard(%c: !cute.coord<"(_,2)">, %s: !cute.shape<"(4,4)">) {
  // expected-error @+2 {{increment_coord: the coordinate (_,2) has a wildcard}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = cute.increment_coord(%c, %s) : (!cute.coord<"(_,2)">, !cute.shape<"(4,4)">) -> !cute.coord<"(?,?)">
  return
}

// -----

func.func @wrong_successor(%c: !cute.coord<"(3,0)">, %s: !cute.shape<"(4,4)">) {
  // expected-error @+2 {{inferred type(s) '!cute.coord<"(0,1)">' are incompatible with return type(s) of operation '!cute.coord<"(4,0)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = cute.increment_coord(%c, %s) : (!cute.coord<"(3,0)">, !cute.shape<"(4,4)">) -> !cute.coord<"(4,0)">
  return
}
