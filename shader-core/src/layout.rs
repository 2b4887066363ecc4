//! Memory layouts (std140, std430, scalar, WGSL): alignment, size, strides and offsets.
