//! Criterion benches of each partizan game's search (a fresh transposition table per
//! iteration, so each measures a whole search).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::partizan::games::domineering::temperatures;
use grundy::partizan::games::search::Search;
use grundy::partizan::games::{
    clobber::Clobber, col::Col, cutcake::Cutcake, domineering::Domineering, hackenbush::Hackenbush,
    konane::Konane, snort::Snort, toads_frogs::ToadsFrogs, toppling_dominoes::TopplingDominoes,
    PartizanRules,
};

fn search<P: PartizanRules>(c: &mut Criterion, name: &str, position: &str) {
    let p: P = position.parse().expect("bench positions parse");
    c.bench_function(&format!("{name} {position}"), |b| {
        b.iter(|| Search::<P>::default().value(&p).expect("fits in memory"))
    });
}

fn partizan_games(c: &mut Criterion) {
    search::<Domineering>(c, "domineering", "....|....|....|....");
    search::<Domineering>(c, "domineering", ".....|.....|.....|.....");
    c.bench_function("domineering temperature census 3x4", |b| {
        b.iter(|| temperatures(3, 4).expect("fits in memory"))
    });
    search::<Hackenbush>(
        c,
        "brg-hackenbush",
        "0-1L,1-2R,2-3G,1-4L,4-5R,0-6G,6-7R,7-8L",
    );
    search::<ToadsFrogs>(c, "toads-and-frogs", "TTT...FFF");
    search::<Clobber>(c, "clobber", "xoxo|oxox|xoxo");
    search::<Konane>(c, "konane", "xox.|o.ox|xo.o|.oxo");
    search::<Cutcake>(c, "cutcake", "9,7+5,12");
    search::<Snort>(c, "snort", ".-.-.-.-.-.-.-.-.-.");
    search::<Col>(c, "col", ".-.-.-.-.-.-.-.-.-.-.-.");
    search::<TopplingDominoes>(c, "toppling-dominoes", "LRGLRGLRGLRGLRGLRG");
}

criterion_group!(benches, partizan_games);
criterion_main!(benches);
