//! Deterministic source mutations for the robustness tests (`wgsl_mutants`, `glsl_mutants`).

/// xorshift64*: deterministic, so a failure reproduces.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

fn words(source: &str, pred: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in source.char_indices() {
        match (start, pred(c) || (start.is_some() && (c.is_alphanumeric() || c == '_' || c == '.'))) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// One or two random edits of `source`: a deleted byte range, a duplicated or swapped line, an
/// identifier replaced by another, a number replaced by an extreme one.
pub fn mutate(source: &str, rng: &mut Rng) -> String {
    let mut s = source.to_string();
    for _ in 0..1 + rng.below(2) {
        let len = s.len();
        match rng.below(5) {
            0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(20)).min(len);
                if s.is_char_boundary(a) && s.is_char_boundary(b) {
                    s.replace_range(a..b, "");
                }
            }
            1 | 2 => {
                let lines: Vec<&str> = s.lines().collect();
                if lines.len() > 1 {
                    let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                    let mut new: Vec<&str> = lines.clone();
                    if rng.below(2) == 0 {
                        new.insert(j, lines[i]);
                    } else {
                        new.swap(i, j);
                    }
                    s = new.join("\n");
                }
            }
            3 => {
                let ids = words(&s, |c| c.is_alphabetic() || c == '_');
                if ids.len() > 1 {
                    let (a, b) = (ids[rng.below(ids.len())], ids[rng.below(ids.len())]);
                    let replacement = s[b.0..b.1].to_string();
                    s.replace_range(a.0..a.1, &replacement);
                }
            }
            _ => {
                let nums = words(&s, |c| c.is_ascii_digit());
                if !nums.is_empty() {
                    let a = nums[rng.below(nums.len())];
                    let choices = ["0", "-1", "4294967295", "2147483648", "1e40", "0u", "7.5", "9999999999999999999"];
                    s.replace_range(a.0..a.1, choices[rng.below(choices.len())]);
                }
            }
        }
    }
    s
}
