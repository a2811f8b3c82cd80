//! "Did you mean ...?": the nearest name to a misspelt one.

/// The most candidates [`did_you_mean`] compares a name with: past them it
/// suggests nothing (a file with thousands of names is not a typo away from
/// being right, and comparing each use with each name would take the square
/// of the file's size).
const MAX_SUGGESTION_CANDIDATES: usize = 500;

/// The longest name [`did_you_mean`] compares.
const MAX_SUGGESTION_LEN: usize = 64;

/// The nearest of `candidates` to `name` by edit distance, if near enough to
/// be a likely typo. Case is ignored for the comparison.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let all: Vec<&'a str> = candidates
        .into_iter()
        .take(MAX_SUGGESTION_CANDIDATES + 1)
        .collect();
    if all.len() > MAX_SUGGESTION_CANDIDATES || name.len() > MAX_SUGGESTION_LEN {
        return None;
    }
    let all: Vec<&'a str> = all
        .into_iter()
        .filter(|c| c.len() <= MAX_SUGGESTION_LEN)
        .collect();
    let mut best: Option<(usize, &str)> = None;
    for &c in &all {
        let d = edit_distance(&lower, &c.to_lowercase());
        let limit = (name.chars().count().max(c.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c).or_else(|| {
        // A prefix of a longer name: `opening` for `opening-moves`.
        let mut hits = candidates_prefix(&lower, &all);
        (hits.len() == 1).then(|| hits.remove(0))
    })
}

fn candidates_prefix<'a>(lower: &str, all: &[&'a str]) -> Vec<&'a str> {
    if lower.chars().count() < 3 {
        return Vec::new();
    }
    all.iter()
        .copied()
        .filter(|c| c.to_lowercase().starts_with(lower))
        .collect()
}

/// "did you mean `x`?" for the nearest candidate, if any.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    did_you_mean(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

fn edit_distance(a: &str, b: &str) -> usize {
    // Optimal string alignment: Levenshtein plus adjacent transpositions.
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_pick_the_nearest_name() {
        assert_eq!(
            did_you_mean("slyde", ["step", "slide", "leap"]),
            Some("slide")
        );
        assert_eq!(did_you_mean("xyz", ["step", "slide"]), None);
        assert_eq!(
            did_you_mean("orthogonl", ["Orthogonal", "Diagonal"]),
            Some("Orthogonal")
        );
    }
}
