// builtins: both values of `select` convert to one type, also with a constant condition that
// picks the one that does convert (-1 is no u32; SHADER_MUTANTS_SEED=10)
@compute @workgroup_size(1)
fn main() {
    let x = select(-1, 1u, true);
}
