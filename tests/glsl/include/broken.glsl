// A helper with a type error on line 3, for the error-in-include test.
float broken_helper(float x) {
    return x + undefined_name;
}
