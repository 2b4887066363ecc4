#version 450
// gl_Position is redeclared in the gl_PerVertex block, not alone.
invariant out vec4 gl_Position;
void main() {
    gl_Position = vec4(0.0);
}
