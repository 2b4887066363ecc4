// pp: vulkan
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_scalar_block_layout : enable
#extension all : warn
#extension GL_NV_unknown_thing : enable
#extension GL_NV_unknown_required : require
#extension all : enable
#extension GL_EXT_nonuniform_qualifier : sometimes
#extension GL_EXT_nonuniform_qualifier
GL_KHR_shader_subgroup_basic GL_KHR_vulkan_glsl GL_EXT_shader_explicit_arithmetic_types_int64 VULKAN
#ifdef GL_NV_unknown_thing
wrong
#endif
#define GL_MINE 1
#undef GL_KHR_vulkan_glsl
