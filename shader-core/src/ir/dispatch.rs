//! What a compute dispatch touches, derived from the shader: the storage buffers whose
//! runtime-sized array an entry point indexes with `global_invocation_id.x` where every
//! invocation gets to ([`indexed_by_invocation`]). A dispatch of `w` workgroups of `x`
//! invocations along x then reads or writes elements `0..w * x` of each, so the generated
//! `dispatch_checked` can check the bound buffer holds that many (README "What the runtime
//! checks when you dispatch").
//!
//! Counted: the index is `global_invocation_id.x` itself, through a `let` of it or of the
//! whole id, a 32-bit integer conversion of it, a function-local variable stored once from
//! it and only loaded, or a function parameter passed one of those (the WGSL entry-point
//! wrapper passes the built-in as a parameter). The access is in a statement of the entry
//! point's body, or of a function called there, that comes before any statement that may
//! return early (`if i >= arrayLength(&a) { return; }` guards the index, and then a shorter
//! buffer is intended). Not counted: accesses in branches, loops and switches, indices computed
//! from the id (`2u * id.x`, `id.x + 1u`), ids inside structs.

use super::children::children;
use super::{
    AddressSpace, ArraySize, Block, BuiltIn, EntryPoint, Expression, Function, GlobalVariable, Handle, IoBinding, LetBinding, LocalVariable, Module,
    ScalarKind, Statement, TypeInner,
};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Calls followed at most this deep, expressions walked at most this deep.
const MAX_DEPTH: u32 = 16;
const MAX_EXPR_DEPTH: u32 = 64;

/// The storage buffers (ending in a runtime-sized array, or one) whose array `entry` indexes
/// with `global_invocation_id.x` in a statement every invocation reaches (see the module doc).
pub fn indexed_by_invocation(module: &Module, entry: &EntryPoint) -> Vec<Handle<GlobalVariable>> {
    let mut found = Found::default();
    scan_function(module, entry.function, &[], 0, &mut found);
    found.buffers.into_iter().collect()
}

/// What a value is, as far as the derivation cares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Id {
    Other,
    /// `global_invocation_id`.
    Whole,
    /// `global_invocation_id.x`.
    X,
}

#[derive(Default)]
struct Found {
    buffers: BTreeSet<Handle<GlobalVariable>>,
    /// Functions already scanned with these arguments.
    scanned: HashSet<(Handle<Function>, Vec<Id>)>,
}

struct Frame<'a> {
    module: &'a Module,
    func: &'a Function,
    args: &'a [Id],
    lets: HashMap<Handle<LetBinding>, Handle<Expression>>,
    /// Locals stored exactly once, at the top level: (the value, the statement's position).
    locals: HashMap<Handle<LocalVariable>, (Handle<Expression>, usize)>,
}

fn scan_function(module: &Module, f: Handle<Function>, args: &[Id], depth: u32, found: &mut Found) {
    let Some(func) = module.functions.get(f) else { return };
    if depth > MAX_DEPTH || !found.scanned.insert((f, args.to_vec())) {
        return;
    }
    let mut frame = Frame { module, func, args, lets: HashMap::new(), locals: HashMap::new() };
    frame.collect(&func.body, true);
    for (position, statement) in func.body.body.iter().enumerate() {
        let mut roots = Vec::new();
        match statement {
            Statement::If { condition, .. } => roots.push(*condition),
            Statement::Switch { selector, .. } => roots.push(*selector),
            Statement::Return { value } => roots.extend(value),
            Statement::Store { pointer, value } | Statement::AtomicStore { pointer, value, .. } => roots.extend([*pointer, *value]),
            Statement::ImageStore { image, coordinate, array_index, sample, value } => {
                roots.extend([*image, *coordinate, *value].into_iter().chain(*array_index).chain(*sample))
            }
            Statement::Let { value, .. } => roots.push(*value),
            Statement::Eval(e) => roots.push(*e),
            Statement::Call { function, arguments } => {
                roots.extend(arguments);
                let ids: Vec<Id> = arguments.iter().map(|&a| frame.id(a, position, 0)).collect();
                scan_function(module, *function, &ids, depth + 1, found);
            }
            _ => {}
        }
        let mut seen = HashSet::new();
        for root in roots {
            frame.walk(root, position, depth, &mut seen, found);
        }
        if may_return(statement, 0) {
            break;
        }
    }
}

impl Frame<'_> {
    /// `let` values anywhere, and the locals stored once at the top level and otherwise only
    /// loaded.
    fn collect(&mut self, block: &Block, top: bool) {
        let exprs = &self.func.expressions;
        let mut stores: HashMap<Handle<LocalVariable>, Vec<(Handle<Expression>, Option<usize>)>> = HashMap::new();
        let mut escaped = BTreeSet::new();
        let local_of = |e: Handle<Expression>| match exprs.check(e).then(|| &exprs[e]) {
            Some(&Expression::LocalVar(l)) => Some(l),
            _ => None,
        };
        let mut stack: Vec<(&Block, bool)> = vec![(block, top)];
        while let Some((block, top)) = stack.pop() {
            for (position, statement) in block.body.iter().enumerate() {
                match statement {
                    Statement::Let { binding, value } => {
                        self.lets.insert(*binding, *value);
                        escaped.extend(local_of(*value));
                    }
                    Statement::Store { pointer, value } => {
                        if let Some(l) = local_of(*pointer) {
                            stores.entry(l).or_default().push((*value, top.then_some(position)));
                        }
                        escaped.extend(local_of(*value));
                    }
                    Statement::AtomicStore { pointer, .. } => escaped.extend(local_of(*pointer)),
                    Statement::Call { arguments, .. } => escaped.extend(arguments.iter().filter_map(|&a| local_of(a))),
                    Statement::Eval(e) | Statement::Return { value: Some(e) } => escaped.extend(local_of(*e)),
                    Statement::Block(b) => stack.push((b, false)),
                    Statement::If { accept, reject, .. } => stack.extend([(accept, false), (reject, false)]),
                    Statement::Switch { cases, .. } => stack.extend(cases.iter().map(|c| (&c.body, false))),
                    Statement::Loop { body, continuing, .. } => stack.extend([(body, false), (continuing, false)]),
                    _ => {}
                }
            }
        }
        // Any use of a local's pointer other than a load or a store lets it change unseen.
        let mut kids = Vec::new();
        for (_, e) in exprs.iter() {
            if matches!(e, Expression::Load { .. }) {
                continue;
            }
            children(e, &mut kids);
            escaped.extend(kids.iter().filter_map(|&k| local_of(k)));
        }
        for (l, list) in stores {
            if let ([(value, Some(position))], false) = (list.as_slice(), escaped.contains(&l)) {
                self.locals.insert(l, (*value, *position));
            }
        }
    }

    /// Whether `e` is the invocation id (or its x) at top-level statement `position`.
    fn id(&self, e: Handle<Expression>, position: usize, depth: u32) -> Id {
        let exprs = &self.func.expressions;
        if depth > MAX_EXPR_DEPTH || !exprs.check(e) {
            return Id::Other;
        }
        let is_id_global = |p: Handle<Expression>| {
            matches!(exprs.check(p).then(|| &exprs[p]), Some(&Expression::GlobalVar(g))
                if self.module.globals.get(g).is_some_and(|g| g.io == Some(IoBinding::BuiltIn(BuiltIn::GlobalInvocationId))))
        };
        match exprs[e] {
            Expression::Load { pointer } if is_id_global(pointer) => Id::Whole,
            Expression::Load { pointer } => match exprs.check(pointer).then(|| &exprs[pointer]) {
                Some(&Expression::AccessIndex { base, index: 0 }) if is_id_global(base) => Id::X,
                Some(&Expression::LocalVar(l)) => match self.locals.get(&l) {
                    Some(&(value, stored)) if stored < position => self.id(value, position, depth + 1),
                    _ => Id::Other,
                },
                _ => Id::Other,
            },
            Expression::AccessIndex { base, index: 0 } if self.id(base, position, depth + 1) == Id::Whole => Id::X,
            Expression::LetRef(b) => self.lets.get(&b).map_or(Id::Other, |&v| self.id(v, position, depth + 1)),
            Expression::FunctionArg(i) => self.args.get(i as usize).copied().unwrap_or(Id::Other),
            Expression::Convert { expr, to } if to.width == 4 && matches!(to.kind, ScalarKind::Sint | ScalarKind::Uint) => match self.id(expr, position, depth + 1) {
                Id::X => Id::X,
                _ => Id::Other,
            },
            Expression::Bitcast { expr } => match self.id(expr, position, depth + 1) {
                Id::X if matches!(self.module.inner(exprs.ty(e)), TypeInner::Scalar(s) if s.width == 4 && matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint)) => Id::X,
                _ => Id::Other,
            },
            _ => Id::Other,
        }
    }

    /// The storage buffer whose runtime-sized array `pointer` points at.
    fn runtime_array(&self, pointer: Handle<Expression>) -> Option<Handle<GlobalVariable>> {
        let exprs = &self.func.expressions;
        let module = self.module;
        let storage = |g: Handle<GlobalVariable>| module.globals.get(g).filter(|v| matches!(v.space, AddressSpace::Storage { .. })).map(|v| v.ty);
        let dynamic = |ty| matches!(module.types.get(ty).map(|t| &t.inner), Some(TypeInner::Array { size: ArraySize::Dynamic, .. }));
        match *exprs.check(pointer).then(|| &exprs[pointer])? {
            Expression::GlobalVar(g) => storage(g).filter(|&ty| dynamic(ty)).map(|_| g),
            Expression::AccessIndex { base, index } => {
                let Expression::GlobalVar(g) = *exprs.check(base).then(|| &exprs[base])? else { return None };
                match module.types.get(storage(g)?).map(|t| &t.inner) {
                    Some(TypeInner::Struct { members, .. }) if index as usize + 1 == members.len() && dynamic(members[index as usize].ty) => Some(g),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Records the accesses in the expression tree at `root`, following the calls in it.
    fn walk(&self, root: Handle<Expression>, position: usize, depth: u32, seen: &mut HashSet<Handle<Expression>>, found: &mut Found) {
        let exprs = &self.func.expressions;
        let mut stack = vec![root];
        let mut kids = Vec::new();
        while let Some(e) = stack.pop() {
            if !exprs.check(e) || !seen.insert(e) {
                continue;
            }
            match &exprs[e] {
                &Expression::Access { base, index } if self.id(index, position, 0) == Id::X => found.buffers.extend(self.runtime_array(base)),
                Expression::Call { function, arguments } => {
                    let ids: Vec<Id> = arguments.iter().map(|&a| self.id(a, position, 0)).collect();
                    scan_function(self.module, *function, &ids, depth + 1, found);
                }
                _ => {}
            }
            children(&exprs[e], &mut kids);
            stack.extend(kids.iter().copied());
        }
    }
}

/// Whether `statement` may end the function (or the invocation) before the next one runs.
fn may_return(statement: &Statement, depth: u32) -> bool {
    let block = |b: &Block| b.body.iter().any(|s| may_return(s, depth + 1));
    depth > MAX_EXPR_DEPTH
        || match statement {
            Statement::Return { .. } | Statement::Kill => true,
            Statement::Block(b) => block(b),
            Statement::If { accept, reject, .. } => block(accept) || block(reject),
            Statement::Switch { cases, .. } => cases.iter().any(|c| block(&c.body)),
            Statement::Loop { body, continuing, .. } => block(body) || block(continuing),
            _ => false,
        }
}
