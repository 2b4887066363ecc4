// Two members of an output struct at one location: SPIR-V for Vulkan cannot express it (WGSL §13.3.1.4).
struct Out { @location(0) a: vec4f, @location(1) b: vec4f, @location(0) c: vec4f }
@fragment
fn main() -> Out { return Out(vec4f(1.0), vec4f(2.0), vec4f(3.0)); }
