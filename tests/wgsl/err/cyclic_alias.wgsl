// declarations: an alias that refers to itself through another alias
alias A = B;
alias B = A;

@compute @workgroup_size(1)
fn main() {
}
