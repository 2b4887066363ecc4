// const-eval: shifting a u32 by 32 bits in a const expression
@compute @workgroup_size(1)
fn main() {
    let x = 1u << 32u;
}
