//! GL_KHR_memory_scope_semantics: what the wgpu target rejects (the Vulkan memory model, which
//! naga does not read) and what no target accepts, with which message (glslang accepts all of
//! these for Vulkan, so they cannot live in `tests/glsl/err`).

use shader_core::{compile, CompileOptions, Language};

/// (file name, statements of `main`, a piece of the expected error).
const REJECTED: &[(&str, &str, &str)] = &[
    ("a.comp", "memoryBarrier(gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "needs the Vulkan memory model"),
    ("a.comp", "memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible);", "needs the Vulkan memory model"),
    ("a.comp", "atomicStore(counter, 1u, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelease);", "needs the Vulkan memory model"),
    ("a.comp", "atomicLoad(counter, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible);", "needs the Vulkan memory model"),
    ("a.comp", "atomicLoad(counter, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);", "a load cannot release"),
    ("a.comp", "atomicStore(counter, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "a store cannot acquire"),
    ("a.comp", "atomicAdd(counter, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer);", "takes 5 arguments"),
    ("a.comp", "memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsOutput, gl_SemanticsAcquire);", "gl_StorageSemanticsOutput"),
    ("a.comp", "memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer, 0);", "needs gl_SemanticsAcquire"),
    ("a.comp", "controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, 0, gl_SemanticsAcquire);", "need storage semantics"),
    ("a.comp", "controlBarrier(gl_ScopeDevice, gl_ScopeWorkgroup, 0, 0);", "execution scope must be"),
    ("a.comp", "memoryBarrier(gl_ScopeInvocation, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "not a valid scope"),
    ("a.comp", "memoryBarrier(int(counter), gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "constant integer expression"),
    ("a.frag", "controlBarrier(gl_ScopeSubgroup, gl_ScopeSubgroup, 0, 0);", "only available in compute shaders"),
    ("a.frag", "memoryBarrier(gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "only available in compute shaders"),
];

#[test]
fn unsupported_forms_are_diagnosed() {
    let mut failures = Vec::new();
    for &(name, body, expected) in REJECTED {
        let source = format!(
            "#version 450\n#extension GL_KHR_memory_scope_semantics : require\n\
             layout(set = 0, binding = 0) buffer B {{ uint counter; }};\n\
             layout(set = 0, binding = 1, r32ui) uniform uimage2D img;\n\
             void main() {{\n    {body}\n}}\n"
        );
        let options = CompileOptions { language: Language::Glsl, ..Default::default() };
        match compile(name, &source, &options) {
            Ok(_) => failures.push(format!("{name}: `{body}` compiled")),
            Err(e) => {
                let text = e.render();
                if !text.contains(expected) {
                    failures.push(format!("{name}: `{body}`: expected `{expected}` in\n{text}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
