// Workgroup arrays whose element count is an override-expression (WGSL "Array types"): an
// override, an expression of overrides through an alias, an override initialized from another,
// and a pointer to one. The wgpu target writes the default lengths.
override n = 16;
override half_n: u32 = u32(n) / 2u;
alias Tile = array<f32, n * 2>;
var<workgroup> tile: Tile;
var<workgroup> other: array<u32, n>;
var<workgroup> halves: array<i32, half_n>;

@compute @workgroup_size(1)
fn main() {
    let p: ptr<workgroup, Tile> = &tile;
    (*p)[0] = 1.0;
    other[0] = 2u;
    halves[half_n - 1u] = 3;
    let q: ptr<workgroup, array<u32, n>> = &other;
    tile[1] = f32((*q)[0]);
}
