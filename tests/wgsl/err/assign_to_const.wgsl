// assignment: a module-scope const cannot be assigned
const LIMIT: u32 = 10u;

@compute @workgroup_size(1)
fn main() {
    LIMIT = 20u;
}
