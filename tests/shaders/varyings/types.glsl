// The varyings' types: 16-bit with NARROW defined, else their 32-bit twins (the values are the
// same: rounded to f16 at the vertex, integers in range).
#ifdef NARROW
#define HALF float16_t
#define HALF2 f16vec2
#define HALF4 f16vec4
#define SHORT2 i16vec2
#define USHORT3 u16vec3
#else
#define HALF float
#define HALF2 vec2
#define HALF4 vec4
#define SHORT2 ivec2
#define USHORT3 uvec3
#endif
