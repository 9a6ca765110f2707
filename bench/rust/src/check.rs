//! The check before timing: a small generic JSON reader of its own (independent of both measured libraries, and
//! keeping every number's text) and the comparison the specification asks for.

use std::collections::HashMap;

pub enum Json {
    Null,
    Bool(bool),
    /// The number's text as written.
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(HashMap<String, Json>),
}

/// Parses a whole document; an error names the byte offset.
pub fn parse(bytes: &[u8]) -> Result<Json, String> {
    let mut p = Parser { s: bytes, i: 0 };
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.err("trailing bytes after the document"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn err(&self, what: &str) -> String {
        format!("{what} at byte {}", self.i)
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(self.err(&format!("expected '{}'", c as char)))
        }
    }

    fn literal(&mut self, word: &[u8], v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(word) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(self.err("invalid literal"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 512 {
            return Err(self.err("nesting too deep"));
        }
        self.ws();
        match self.peek() {
            None => Err(self.err("unexpected end")),
            Some(b'n') => self.literal(b"null", Json::Null),
            Some(b't') => self.literal(b"true", Json::Bool(true)),
            Some(b'f') => self.literal(b"false", Json::Bool(false)),
            Some(b'"') => Ok(Json::String(self.string()?)),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Json::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Array(items));
                        }
                        _ => return Err(self.err("expected ',' or ']'")),
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut members = HashMap::new();
                self.ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Ok(Json::Object(members));
                }
                loop {
                    self.ws();
                    if self.peek() != Some(b'"') {
                        return Err(self.err("expected a key"));
                    }
                    let key = self.string()?;
                    self.expect(b':')?;
                    let v = self.value(depth + 1)?;
                    if members.insert(key.clone(), v).is_some() {
                        return Err(self.err(&format!("duplicate key \"{key}\"")));
                    }
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Object(members));
                        }
                        _ => return Err(self.err("expected ',' or '}'")),
                    }
                }
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while self.i < self.s.len()
                    && matches!(
                        self.s[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i])
                    .unwrap()
                    .to_string();
                if text.parse::<f64>().is_err() {
                    return Err(self.err(&format!("invalid number {text}")));
                }
                Ok(Json::Number(text))
            }
            Some(_) => Err(self.err("unexpected character")),
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.err("short \\u escape"))?;
        let h = std::str::from_utf8(h).map_err(|_| self.err("bad \\u escape"))?;
        let v = u32::from_str_radix(h, 16).map_err(|_| self.err("bad \\u escape"))?;
        self.i += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let c = self.peek().ok_or_else(|| self.err("unterminated string"))?;
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.peek().ok_or_else(|| self.err("unterminated escape"))?;
                    self.i += 1;
                    match e {
                        b'"' => out.push(b'"'),
                        b'\\' => out.push(b'\\'),
                        b'/' => out.push(b'/'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'u' => {
                            let mut cp = self.hex4()?;
                            if (0xD800..0xDC00).contains(&cp)
                                && self.s[self.i..].starts_with(b"\\u")
                            {
                                self.i += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.err("bad surrogate pair"));
                                }
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            }
                            let ch =
                                char::from_u32(cp).ok_or_else(|| self.err("lone surrogate"))?;
                            out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                        _ => return Err(self.err("bad escape")),
                    }
                }
                c if c < 0x20 => return Err(self.err("control character in string")),
                c => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| self.err("invalid UTF-8 in string"))
    }
}

fn is_integer(text: &str) -> bool {
    !text.contains(['.', 'e', 'E'])
}

fn numbers_equal(a: &str, b: &str, float32: bool) -> bool {
    if is_integer(a) && is_integer(b) {
        return match (a.parse::<i128>(), b.parse::<i128>()) {
            (Ok(x), Ok(y)) => x == y,
            _ => a == b,
        };
    }
    let (x, y) = (a.parse::<f64>().unwrap(), b.parse::<f64>().unwrap());
    // A float32 field written by either side reads back as the same float32.
    x == y || (float32 && (x as f32) == (y as f32))
}

/// Compares two generic documents; the error names the first difference's path. Numbers compare exactly (as
/// integers when both are written as integers, else as float64), except under `float32_path` (the path prefix of
/// the model's float fields, e.g. "$.fixed_object.float_array["), where equal float32 roundings also pass.
pub fn compare(
    a: &Json,
    b: &Json,
    path: &mut String,
    float32_path: Option<&str>,
) -> Result<(), String> {
    match (a, b) {
        (Json::Null, Json::Null) => Ok(()),
        (Json::Bool(x), Json::Bool(y)) if x == y => Ok(()),
        (Json::String(x), Json::String(y)) if x == y => Ok(()),
        (Json::Number(x), Json::Number(y))
            if numbers_equal(x, y, float32_path.is_some_and(|p| path.starts_with(p))) =>
        {
            Ok(())
        }
        (Json::Array(x), Json::Array(y)) => {
            if x.len() != y.len() {
                return Err(format!("{path}: array lengths {} and {}", x.len(), y.len()));
            }
            for (k, (u, v)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{k}]"));
                compare(u, v, path, float32_path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Json::Object(x), Json::Object(y)) => {
            for key in x.keys() {
                if !y.contains_key(key) {
                    return Err(format!("{path}: key \"{key}\" only in the written output"));
                }
            }
            for (key, v) in y {
                let u = x.get(key).ok_or_else(|| {
                    format!("{path}: key \"{key}\" missing from the written output")
                })?;
                let len = path.len();
                path.push('.');
                path.push_str(key);
                compare(u, v, path, float32_path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Err(format!(
            "{path}: {} differs from prism's {}",
            show(a),
            show(b)
        )),
    }
}

fn show(v: &Json) -> String {
    match v {
        Json::Null => "null".into(),
        Json::Bool(b) => b.to_string(),
        Json::Number(t) => t.clone(),
        Json::String(s) => format!("{s:?}"),
        Json::Array(a) => format!("an array of {}", a.len()),
        Json::Object(o) => format!("an object of {} keys", o.len()),
    }
}
