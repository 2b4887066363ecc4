// attributes: `@diagnostic` is the only attribute a statement may have (WGSL §12); on an `if`,
// a loop, a compound statement, a switch body and a function body every other one is an error
@compute @workgroup_size(1)
fn main() @must_use {
    var i = 0;
    @compute if i == 0 {
        i = 1;
    }
    @align(4) loop @size(4) {
        @binding(0) {
            i += 1;
        }
        if i > 3 { break; }
    }
    switch i @invariant {
        default {}
    }
    @workgroup_size(1) while i < 10 { i += 1; }
    @vertex for (; i < 20; i++) {}
}
