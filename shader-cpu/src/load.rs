//! Loading SPIR-V words into rspirv's data representation.
//!
//! rspirv's loader (0.13) has no section for `OpExecutionModeId` (SPIR-V 1.2: an execution
//! mode whose operands are ids, such as `LocalSizeId`, which our back end writes for a
//! workgroup size from specialization constants at SPIR-V 1.6) and refuses every module that
//! has one. [`load_module`] loads such modules too: it takes those instructions out of the
//! words, loads the rest and puts them back in `execution_modes`, where the specification
//! places them (SPIR-V 2.4, section 6 of the logical layout). Every reader of SPIR-V in this
//! workspace (the CPU device, `shader disassemble`, the tests) loads through it.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{ExecutionMode, Op};

/// The module in `words`, or rspirv's reason why it cannot be loaded.
pub fn load_module(words: &[u32]) -> Result<Module, rspirv::binary::ParseState> {
    let (kept, mode_ids) = take_execution_mode_ids(words);
    let mut module = rspirv::dr::load_words(&kept)?;
    module.execution_modes.extend(mode_ids);
    Ok(module)
}

/// The words without their `OpExecutionModeId` instructions, and those instructions. A
/// malformed instruction stream is left to rspirv's loader to report.
fn take_execution_mode_ids(words: &[u32]) -> (Vec<u32>, Vec<Instruction>) {
    const HEADER: usize = 5;
    let mut kept = words[..words.len().min(HEADER)].to_vec();
    let mut taken = Vec::new();
    let mut at = HEADER;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            kept.extend_from_slice(&words[at..]);
            break;
        }
        let operands = &words[at + 1..at + count];
        match (words[at] & 0xffff == Op::ExecutionModeId as u32, operands) {
            (true, [entry, mode, ids @ ..]) if ExecutionMode::from_u32(*mode).is_some() => {
                let mode = ExecutionMode::from_u32(*mode).expect("checked in the pattern");
                let operands = [Operand::IdRef(*entry), Operand::ExecutionMode(mode)].into_iter().chain(ids.iter().map(|&id| Operand::IdRef(id)));
                taken.push(Instruction::new(Op::ExecutionModeId, None, None, operands.collect()));
            }
            _ => kept.extend_from_slice(&words[at..at + count]),
        }
        at += count;
    }
    (kept, taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;

    /// A module with `OpExecutionModeId LocalSizeId` loads, keeps the instruction among the
    /// execution modes, and assembles back to the same words.
    #[test]
    fn execution_mode_ids_load_and_round_trip() {
        let mut b = rspirv::dr::Builder::new();
        b.set_version(1, 6);
        b.capability(rspirv::spirv::Capability::Shader);
        b.memory_model(rspirv::spirv::AddressingModel::Logical, rspirv::spirv::MemoryModel::GLSL450);
        let void = b.type_void();
        let uint = b.type_int(32, 0);
        let size = b.spec_constant_bit32(uint, 4);
        let one = b.constant_bit32(uint, 1);
        let fn_ty = b.type_function(void, []);
        let main = b.begin_function(void, None, rspirv::spirv::FunctionControl::NONE, fn_ty).unwrap();
        b.begin_block(None).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(rspirv::spirv::ExecutionModel::GLCompute, main, "main", []);
        b.execution_mode_id(main, ExecutionMode::LocalSizeId, [size, one, one]);
        let words = b.module().assemble();
        assert!(rspirv::dr::load_words(&words).is_err(), "rspirv's own loader now reads OpExecutionModeId: drop this module");
        let module = load_module(&words).expect("loads");
        let modes: Vec<_> = module.execution_modes.iter().map(|i| (i.class.opcode, i.operands.clone())).collect();
        assert_eq!(
            modes,
            [(Op::ExecutionModeId, vec![Operand::IdRef(main), Operand::ExecutionMode(ExecutionMode::LocalSizeId), Operand::IdRef(size), Operand::IdRef(one), Operand::IdRef(one)])]
        );
        assert_eq!(module.assemble(), words);
    }
}
