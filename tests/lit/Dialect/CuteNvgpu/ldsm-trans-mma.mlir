// ldmatrix .trans against the consuming MMA (spec 003 "Copy Atom
// Operand-Layout Contracts", issue 18 item 2): a tiled copy built for the
// MMA's A operand (make_tiled_copy_A) gives each lane the row its ldmatrix
// addresses. Without .trans that row runs along K, with .trans along M, so
// the instance check (a lane's row is 8 contiguous elements) accepts exactly
// the pairing of .trans with an M-major shared tile, and no-.trans with a
// K-major one; the same for B (make_tiled_copy_B) at the end.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
!kmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(16,16):(16,1)">>
!mmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(16,16):(1,16)">>
!frag = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"8:1">>
!n = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
!t = !cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>
func.func @no_trans_k_major(%k: !kmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %n = cute.make_atom : !n
  %cn = cute.make_tiled_copy_A %n, %mma : (!n, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  %pk = cute.tiled.copy.partition_S %cn, %k, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !kmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  %y = cute.make_atom : !n
  cute.copy_atom_call %y, %pk, %r : !n, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>, !frag
  return
}

func.func @trans_m_major(%m: !mmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %t = cute.make_atom : !t
  %ct = cute.make_tiled_copy_A %t, %mma : (!t, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  %pm = cute.tiled.copy.partition_S %ct, %m, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !mmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  %x = cute.make_atom : !t
  cute.copy_atom_call %x, %pm, %r : !t, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>, !frag
  return
}

// -----

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
!kmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(16,16):(16,1)">>
!mmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(16,16):(1,16)">>
!frag = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"8:1">>
!n = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
!t = !cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>
func.func @trans_k_major(%k: !kmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %t = cute.make_atom : !t
  %ct = cute.make_tiled_copy_A %t, %mma : (!t, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  %pw = cute.tiled.copy.partition_S %ct, %k, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !kmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.layout<"((8,1),1,1):((16,0),0,0)">>
  // expected-error @+1 {{'!cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>' addresses one row of 8 contiguous 16-bit elements per lane (128 bits) in shared memory, but got ((8,1),1,1):((16,0),0,0)}}
  cute.copy_atom_call %t, %pw, %r : !t, !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.layout<"((8,1),1,1):((16,0),0,0)">>, !frag
  return
}

// -----

// The fourth pairing: no .trans over an M-major tile, each lane's row then
// runs along M with stride 16.
!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
!mmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(16,16):(1,16)">>
!frag = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"8:1">>
!n = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
func.func @no_trans_m_major(%m: !mmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %n = cute.make_atom : !n
  %cn = cute.make_tiled_copy_A %n, %mma : (!n, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  %pm = cute.tiled.copy.partition_S %cn, %m, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !mmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.layout<"((8,1),1,1):((16,0),0,0)">>
  // expected-error @+1 {{'!cute_nvgpu.atom.ldsm<m8n8.x4, f16>' addresses one row of 8 contiguous 16-bit elements per lane (128 bits) in shared memory, but got ((8,1),1,1):((16,0),0,0)}}
  cute.copy_atom_call %n, %pm, %r : !n, !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.layout<"((8,1),1,1):((16,0),0,0)">>, !frag
  return
}

// -----

// The B operand (make_tiled_copy_B, ldmatrix x2 over an N x K tile): no
// .trans with a K-major tile and .trans with an N-major one are accepted.
!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
!kmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,16):(16,1)">>
!nmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,16):(1,8)">>
!frag = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"4:1">>
!n = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
!t = !cute_nvgpu.atom.ldsm<m8n8.x2.trans, f16>
func.func @b_no_trans_k_major(%k: !kmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %n = cute.make_atom : !n
  %cn = cute.make_tiled_copy_B %n, %mma : (!n, !mma) -> !cute.tiled_copy<!n, !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>
  %pk = cute.tiled.copy.partition_S %cn, %k, %tid : (!cute.tiled_copy<!n, !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>, !kmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  cute.copy_atom_call %n, %pk, %r : !n, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>, !frag
  return
}
func.func @b_trans_n_major(%m: !nmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %t = cute.make_atom : !t
  %ct = cute.make_tiled_copy_B %t, %mma : (!t, !mma) -> !cute.tiled_copy<!t, !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>
  %pm = cute.tiled.copy.partition_S %ct, %m, %tid : (!cute.tiled_copy<!t, !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>, !nmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  cute.copy_atom_call %t, %pm, %r : !t, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>, !frag
  return
}

// -----

// No .trans over an N-major B tile: the lane's row runs along N, stride 8.
!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
!nmaj = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,16):(1,8)">>
!frag = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"4:1">>
!n = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
func.func @b_no_trans_n_major(%m: !nmaj, %r: !frag, %tid: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %n = cute.make_atom : !n
  %cn = cute.make_tiled_copy_B %n, %mma : (!n, !mma) -> !cute.tiled_copy<!n, !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>
  %pm = cute.tiled.copy.partition_S %cn, %m, %tid : (!cute.tiled_copy<!n, !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>, !nmaj, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.layout<"((8,1),1,1):((8,0),0,0)">>
  // expected-error @+1 {{'!cute_nvgpu.atom.ldsm<m8n8.x2, f16>' addresses one row of 8 contiguous 16-bit elements per lane (128 bits) in shared memory, but got ((8,1),1,1):((8,0),0,0)}}
  cute.copy_atom_call %n, %pm, %r : !n, !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.layout<"((8,1),1,1):((8,0),0,0)">>, !frag
  return
}
