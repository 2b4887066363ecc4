//! The WGSL syntax tree the parser builds and the lowering pass reads. It mirrors the source:
//! no name resolution, no types; types are expressions (`vec3<f32>`, `array<T, N>`) as in the
//! current WGSL grammar. The January 2021 draft's forms parse into the same nodes (its
//! `[[attr]]` lists become [`Attribute`]s; `type` becomes [`GlobalDecl::Alias`]).

use crate::span::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: Name,
    pub span: Span,
}

pub use crate::name::Name;

#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    /// WESL `import` declarations, nested `{ }` lists flattened to one path each
    /// (`import a::{b, c::d};` gives `a::b` and `a::c::d`).
    pub imports: Vec<ImportPath>,
    /// Whether some name was written as a WESL qualified path (`util::f`, `package::a::T`):
    /// such an [`Ident`] holds the whole path, `::` included. With no imports and no paths the
    /// module is plain WGSL and no linking pass runs.
    pub qualified_names: bool,
    pub directives: Vec<Directive>,
    pub decls: Vec<GlobalDecl>,
    /// `@diagnostic(severity, rule)` on statements and compound statements (WGSL §2.3): each
    /// applies to the source range `span` of what it is attached to.
    pub statement_filters: Vec<StatementFilter>,
    /// Every expression that is an operand, callee or argument of another ([`ExprId`],
    /// [`ExprList`]): one vector instead of a `Box` per operand and a `Vec` per argument list
    /// (those allocations, and freeing them, were a tenth of a compile by callgrind). Statements
    /// and variable and constant declarations hold their expressions here too (an [`Expr`] is
    /// 64 bytes: inline, they made a [`Stmt`] 280 bytes, and moving statements while parsing
    /// took 25,000 `memcpy` calls per pass of the WGSL corpus by callgrind); the other
    /// declarations' own expressions are theirs.
    pub exprs: Vec<Expr>,
}

impl TranslationUnit {
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }

    pub fn list(&self, list: ExprList) -> &[Expr] {
        list.of(&self.exprs)
    }
}

/// An expression of [`TranslationUnit::exprs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExprId(pub u32);

/// Consecutive expressions of [`TranslationUnit::exprs`] (arguments, template arguments).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExprList {
    pub start: u32,
    pub len: u32,
}

impl ExprList {
    pub fn len(self) -> usize {
        self.len as usize
    }

    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The list's expressions in `exprs` ([`TranslationUnit::exprs`]).
    pub fn of(self, exprs: &[Expr]) -> &[Expr] {
        &exprs[self.start as usize..][..self.len as usize]
    }

    /// The ids of the list's expressions.
    pub fn ids(self) -> impl DoubleEndedIterator<Item = ExprId> {
        (self.start..self.start + self.len).map(ExprId)
    }
}

/// One imported path (`package::util::f`, `super::util`): the item or module the last
/// segment names becomes visible under that segment's name.
#[derive(Clone, Debug)]
pub struct ImportPath {
    pub segments: Vec<Ident>,
    /// `import a::b as c;`: the name the item or module is visible under instead of `b`.
    pub alias: Option<Ident>,
    /// The whole `import ...;` statement.
    pub span: Span,
}

/// See [`TranslationUnit::statement_filters`].
#[derive(Clone, Debug)]
pub struct StatementFilter {
    pub attribute: Attribute,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Directive {
    /// `enable f16, ...;`
    Enable(Vec<Ident>),
    /// `requires readonly_and_readwrite_storage_textures, ...;`
    Requires(Vec<Ident>),
    /// `diagnostic(severity, rule);` — `rule` may be `name` or `name.name`.
    Diagnostic { severity: Ident, rule: Vec<Ident>, span: Span },
}

/// `@name(args)` or `[[name(args)]]`. Arguments are expressions (identifiers for enumerants
/// such as `vertex`, `flat`, `global_invocation_id`), in [`TranslationUnit::exprs`] (a `Vec`
/// per attribute was an allocation per `@location(0)`).
#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: Ident,
    pub args: ExprList,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum GlobalDecl {
    Var(VarDecl),
    /// `const NAME [: T] = e;` (also the draft's module-scope `const`/`let`).
    Const(ConstDecl),
    /// `@id(n) override NAME [: T] [= e];`
    Override(OverrideDecl),
    /// `alias NAME = T;` (draft: `type NAME = T;`)
    Alias { name: Ident, ty: Expr, span: Span },
    Struct(StructDecl),
    Function(FunctionDecl),
    ConstAssert { expr: Expr, span: Span },
}

/// `var<space, access> name: T = init;` at module or function scope.
#[derive(Clone, Debug)]
pub struct VarDecl {
    pub attrs: Vec<Attribute>,
    /// The template list `<space, access>` (empty without one); read it with
    /// [`VarDecl::space`] and [`VarDecl::access`].
    pub template: ExprList,
    pub name: Ident,
    pub ty: Option<ExprId>,
    pub init: Option<ExprId>,
    pub span: Span,
}

impl VarDecl {
    /// The address space identifier (`function`, `private`, `workgroup`, `uniform`, `storage`,
    /// `handle`, `push_constant`; draft: `in`, `out`, `image`, `storage_buffer`).
    pub fn space<'u>(&self, unit: &'u TranslationUnit) -> Option<&'u Ident> {
        self.template_ident(unit, 0)
    }

    /// The access mode identifier (`read`, `write`, `read_write`).
    pub fn access<'u>(&self, unit: &'u TranslationUnit) -> Option<&'u Ident> {
        self.template_ident(unit, 1)
    }

    fn template_ident<'u>(&self, unit: &'u TranslationUnit, n: usize) -> Option<&'u Ident> {
        match &unit.list(self.template).get(n)?.kind {
            ExprKind::Ident(ident) => Some(ident),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ConstDecl {
    pub name: Ident,
    pub ty: Option<ExprId>,
    pub init: ExprId,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct OverrideDecl {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub ty: Option<Expr>,
    pub init: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct StructDecl {
    /// Draft only (`[[block]]`); ignored by current WGSL.
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub members: Vec<StructMember>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct StructMember {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub ty: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FunctionDecl {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub params: Vec<Param>,
    /// Attributes on the return type (`-> @location(0) vec4<f32>`).
    pub return_attrs: Vec<Attribute>,
    /// `None` for no return type (and for the draft's `-> void`).
    pub return_type: Option<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub ty: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Block(Block),
    /// `var` inside a function.
    Var(VarDecl),
    /// `let name [: T] = e;`
    Let { name: Ident, ty: Option<ExprId>, init: ExprId },
    /// `const name [: T] = e;` inside a function.
    Const(ConstDecl),
    /// `lhs = rhs;` or `lhs op= rhs;` (`op` is the binary operator of a compound assignment).
    /// The phony assignment `_ = e;` has `lhs: None`.
    Assign { lhs: Option<ExprId>, op: Option<BinaryOp>, rhs: ExprId },
    Increment(ExprId),
    Decrement(ExprId),
    /// A function call used as a statement.
    Call(ExprId),
    If { condition: ExprId, accept: Block, reject: Option<Box<Stmt>> },
    Switch { selector: ExprId, clauses: Vec<SwitchClause> },
    /// (`continuing` is boxed: a [`Continuing`] inline would make every statement larger.)
    Loop { attrs: Vec<Attribute>, body: Block, continuing: Option<Box<Continuing>> },
    For {
        attrs: Vec<Attribute>,
        init: Option<Box<Stmt>>,
        condition: Option<ExprId>,
        update: Option<Box<Stmt>>,
        body: Block,
    },
    While { attrs: Vec<Attribute>, condition: ExprId, body: Block },
    Break,
    Continue,
    Return(Option<ExprId>),
    Discard,
    ConstAssert(ExprId),
    /// Draft only: `fallthrough;` at the end of a case body.
    Fallthrough,
}

#[derive(Clone, Debug)]
pub struct SwitchClause {
    /// `None` stands for `default`.
    pub selectors: Vec<Option<Expr>>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Continuing {
    pub body: Block,
    /// `break if e;` as the last statement of the continuing block.
    pub break_if: Option<ExprId>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Literal(Literal),
    /// A plain identifier: a variable, constant, type name, enumerant or function name.
    Ident(Ident),
    /// `name<args>`: a templated type or built-in (`vec3<f32>`, `array<f32, 4>`,
    /// `ptr<function, i32>`, `texture_storage_2d<rgba8unorm, write>`, `bitcast<u32>`).
    Templated { name: Ident, args: ExprList },
    /// `callee(args)`: function call, type constructor or built-in; `callee` is `Ident` or
    /// `Templated`.
    Call { callee: ExprId, args: ExprList },
    Index { base: ExprId, index: ExprId },
    /// `base.member`: struct member or vector swizzle.
    Member { base: ExprId, member: Ident },
    Unary { op: UnaryOp, expr: ExprId },
    Binary { op: BinaryOp, left: ExprId, right: ExprId },
    /// `(e)`; kept so diagnostics can point at the parentheses.
    Paren(ExprId),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Bool(bool),
    /// An integer; `suffix` is `None` for abstract int (any value in i64 range).
    Int { value: i64, suffix: Option<IntSuffix> },
    /// A float; `suffix` is `None` for abstract float.
    Float { value: f64, suffix: Option<FloatSuffix> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntSuffix {
    /// `i`
    I32,
    /// `u`
    U32,
    /// `li` (naga extension, `SHADER_INT64`)
    I64,
    /// `lu` (naga extension, `SHADER_INT64`); `value` holds the u64's bit pattern.
    U64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatSuffix {
    /// `f`
    F32,
    /// `h`
    F16,
    /// `lf` (naga extension, `SHADER_FLOAT64`)
    F64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-e`
    Negate,
    /// `!e`
    Not,
    /// `~e`
    BitNot,
    /// `*e`
    Deref,
    /// `&e`
    AddressOf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    Modulo,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    And,
    Or,
    Xor,
    LogicalAnd,
    LogicalOr,
    ShiftLeft,
    ShiftRight,
}

impl BinaryOp {
    /// The IR operator.
    pub fn to_ir(self) -> crate::ir::BinaryOp {
        use crate::ir::BinaryOp as Ir;
        match self {
            BinaryOp::Add => Ir::Add,
            BinaryOp::Subtract => Ir::Subtract,
            BinaryOp::Multiply => Ir::Multiply,
            BinaryOp::Divide => Ir::Divide,
            BinaryOp::Modulo => Ir::Modulo,
            BinaryOp::Equal => Ir::Equal,
            BinaryOp::NotEqual => Ir::NotEqual,
            BinaryOp::Less => Ir::Less,
            BinaryOp::LessEqual => Ir::LessEqual,
            BinaryOp::Greater => Ir::Greater,
            BinaryOp::GreaterEqual => Ir::GreaterEqual,
            BinaryOp::And => Ir::And,
            BinaryOp::Or => Ir::InclusiveOr,
            BinaryOp::Xor => Ir::ExclusiveOr,
            BinaryOp::LogicalAnd => Ir::LogicalAnd,
            BinaryOp::LogicalOr => Ir::LogicalOr,
            BinaryOp::ShiftLeft => Ir::ShiftLeft,
            BinaryOp::ShiftRight => Ir::ShiftRight,
        }
    }
}
