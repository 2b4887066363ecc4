//! End-to-end tests and examples live in tests/ and examples/.
