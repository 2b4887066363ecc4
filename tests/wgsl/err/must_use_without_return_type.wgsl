// `@must_use` applies only to a function with a return type (WGSL §12 must_use; naga: "function annotated with @must_use but does not return any value").
@must_use
fn f() {
}

@compute @workgroup_size(1)
fn main() {
    f();
}
