// literals: hexadecimal literal with an invalid suffix
@compute @workgroup_size(1)
fn main() {
    let x = 0x1Fq;
}
