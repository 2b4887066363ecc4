//! WGSL defines integer division and remainder by zero (and `MIN / -1`), SPIR-V does not: our
//! output must guard the divisor. The values themselves are checked on the device by
//! `tests/wgsl_exec.rs`; this pins that the guard is there whatever the driver does.

mod common;

use shader_core::{compile, CompileOptions};
use spirv::Op;

fn ops(words: &[u32]) -> Vec<Op> {
    let module = common::load(words);
    module.functions.iter().flat_map(|f| f.all_inst_iter().map(|i| i.class.opcode)).collect()
}

#[test]
fn integer_division_guards_its_divisor() {
    let source = r#"
        @group(0) @binding(0) var<storage, read_write> v: array<vec2<i32>, 4>;
        @group(0) @binding(1) var<storage, read_write> u: array<u32, 4>;
        @compute @workgroup_size(1)
        fn main() {
            v[0] = v[1] / v[2];
            v[3] = v[1] % v[2];
            u[0] = u[1] / u[2];
        }
    "#;
    let compiled = compile("div.wgsl", source, &CompileOptions::default()).expect("compiles");
    common::check(&compiled.spirv, (1, 0));
    let ops = ops(&compiled.spirv);
    for (div, guards) in [(Op::SDiv, 3), (Op::SRem, 3), (Op::UDiv, 1)] {
        let at = ops.iter().position(|&o| o == div).unwrap_or_else(|| panic!("no {div:?}"));
        let selects = ops[..at].iter().rev().take(12).filter(|&&o| o == Op::Select).count();
        assert!(selects >= guards, "{div:?} is preceded by {selects} OpSelect, expected at least {guards}");
    }
}
