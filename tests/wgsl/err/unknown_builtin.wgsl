// entry points: a builtin name that does not exist
@compute @workgroup_size(1)
fn main(@builtin(thread_id) id: vec3<u32>) {
}
