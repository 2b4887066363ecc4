//! The WGSL lexer: source text to small `Copy` tokens (kind + span).
