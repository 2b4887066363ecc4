// A declaration whose initializer fails is still declared: its uses add no "unknown name"
// errors (the GLSL front end does the same). Only the five errors below, each once.
const bad_global = 1 / 0;
@compute @workgroup_size(1) fn main() {
    let x = vec2(1, true);
    var y: i32 = 1.5;
    const z = 1 / 0;
    var w = undefined_thing;
    _ = x; _ = y; _ = z + 1; w = 2;
    _ = bad_global + 1;
    _ = nothing_here;
}
