// The binary finds libMLIR.so.22.1 at run time: cargo does not pass a
// dependency's link arguments (cute-mlir's rpath) on to its dependents.
fn main() {
    println!("cargo:rustc-link-arg=-Wl,-rpath,/usr/lib/llvm-22/lib");
}
