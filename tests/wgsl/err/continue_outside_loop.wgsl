// control flow: continue outside a loop
@compute @workgroup_size(1)
fn main() {
    continue;
}
