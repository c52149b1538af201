//! Impartial facts from the literature, each asserted exactly, each with its source. Nothing
//! here is a pattern taken on trust: every figure below was checked against grundy *and*,
//! where grundy and a source disagreed, against an independent naive computation (see the
//! note on 0.56).
//!
//! Sources:
//! - **[tczajka]** an independent re-computation of Achim Flammenkamp's octal tables
//!   (<https://github.com/tczajka/octal-games>: `TrivialGames.md`, `SolvedGames.md`,
//!   `UnsolvedGames.md`, `GameLookup.md`; Flammenkamp's tables are at
//!   <https://wwwhomes.uni-bielefeld.de/achim/octal.html>). His convention: a game in which a
//!   heap of 1 has no move is listed with every heap reduced by 1 (repeatedly), so a code's
//!   sequence there starts at heap `shift` = (smallest heap with a move) − 1.
//! - **[OEIS]** the sequence entries named at each fact (offsets as the entry states them).
//! - **[Flammenkamp-Grundy]** <https://wwwhomes.uni-bielefeld.de/achim/grundy.html>: the known
//!   sparse values of Grundy's game.
//! - **[WW]** Berlekamp, Conway, Guy, *Winning Ways*, ch. 4 (take-and-break), ch. 14 (coins).
//!
//! Runtime (release, 2 cores at load 4): 7 s for the file; the longer runs are `#[ignore]`d
//! (0.376 and 0.354: 16 min; 0.06 and Grundy's game: 19 s; 0.56 by the naive solver: 2 min).

use grundy::impartial::family::Play;
use grundy::impartial::games::octal::naive::NaiveSolver;
use grundy::impartial::games::octal::sequence::Run;
use grundy::impartial::games::octal::stats::{Stats, StatsBuilder};
use grundy::impartial::games::octal::{OctalCode, SequenceSolver};
use grundy::outcome::Winner;
use grundy::registry::parse_spec;
use grundy::theory::period::{search, Budget, Period, Stop};

/// The code as grundy writes it: tczajka's `.137` is `0.137`, his `4` is `4.0`.
fn code(short: &str) -> String {
    match (short.starts_with('.'), short.contains('.')) {
        (true, _) => format!("0{short}"),
        (false, false) => format!("{short}.0"),
        (false, true) => short.to_string(),
    }
}

/// `G(0..=to)` of an octal code.
fn values(octal: &str, to: u64) -> Vec<u64> {
    parse_spec(&format!("octal:{octal}"))
        .unwrap()
        .sequence()
        .unwrap()
        .values(to)
        .unwrap()
}

/// [OEIS]'s "X has values a(n−k)" for each code X of `others`: `G_X(n) = G_base(n − k)` for
/// the first 1500 heaps, and the `k` heaps below are dead (value 0).
fn assert_values_shifted(base: &str, others: &[&str], k: usize) {
    let table = values(base, 1500);
    for octal in others {
        let v = values(octal, 1500);
        assert_eq!(v[k..], table[..=1500 - k], "{octal} ~ {base}");
        assert!(v[..k].iter().all(|&g| g == 0), "{octal}");
    }
}

/// The certified period found by the search `grundy period` runs, with its table.
fn certified(spec: &str, max: u64) -> (Period, Vec<u64>) {
    let family = parse_spec(spec).unwrap();
    let found = search(
        family.sequence().unwrap(),
        Budget {
            start: 1023,
            max,
            time: None,
        },
    )
    .unwrap();
    assert_eq!(found.stop, Stop::Certified, "{spec}");
    (found.certified.unwrap(), found.values)
}

/// The smallest heap with a move, from the rules alone: removing `j` tokens needs a heap of
/// `j` (bit 1: nothing left), `j + 1` (bit 2: one heap) or `j + 2` (bit 4: two heaps); a
/// leading 4 splits a heap of 2.
fn smallest_heap_with_a_move(octal: &str) -> u64 {
    let (whole, fraction) = octal.split_once('.').unwrap();
    let split_first = (whole == "4").then_some(2);
    fraction
        .bytes()
        .zip(1u64..)
        .filter_map(|(digit, j)| {
            let d = digit - b'0';
            [(1, j), (2, j + 1), (4, j + 2)]
                .into_iter()
                .find(|&(bit, _)| d & bit != 0)
                .map(|(_, n)| n)
        })
        .chain(split_first)
        .min()
        .unwrap()
}

/// A digit of tczajka's nimber strings: 0-9, then A = 10, B = 11, …
fn nimber(c: char) -> u64 {
    u64::from(c.to_digit(36).unwrap())
}

/// [tczajka] `TrivialGames.md` (the games Flammenkamp's table solves from fewer than 1000
/// values): code and nimbers, the period in parentheses after the preperiod, listed from
/// heap `shift` (see the module doc).
const TRIVIAL: [(&str, &str); 82] = [
    ("4", "(01)"),
    (".1", "01(0)"),
    (".4", "0112031103322405223301130211045274011203110332244552(3301130211045374811203110332244559)"),
    (".02", "(0110)"),
    (".11", "011(0)"),
    (".12", "0(1001)"),
    (".15", "0(1101122122)"),
    (".17", "011021301132234153223110312011442(6411021301132234457223110312011443)"),
    (".22", "(012)"),
    (".26", "(0123)"),
    (".31", "012(01)"),
    (".32", "0(102)"),
    (".34", "0101201(03121203)"),
    (".35", "0(120102)"),
    (".44", "011223311443322114422664411227711443322114466774411228855447722118866774411223311447722118822774411228811447722114422774411228811447722118866(774411228811447722118822)"),
    (".51", "0(1)"),
    (".52", "0102(2103)"),
    (".53", "01122102240(122112241)"),
    (".54", "010(1222411)"),
    (".57", "0(1122)"),
    (".71", "012(10)"),
    (".72", "0(1023)"),
    (".75", "0(12)"),
    (".77", "01231432142641271432146741285472186741231472182741281472142741281472186(741281472182)"),
    ("4.3", "01(20)"),
    (".002", "(011100)"),
    (".017", "01112023114045(132021114026164041112026154046132021118026164041112026114046)"),
    (".022", "(01120)"),
    (".044", "0111222333111444333222111444222666444111222777111444333222111444666777444111222888555444777222111888666777444111222333111444777222111888222777444111222888111444777222111444222777444111222888111444777222111888666(777444111222888111444777222111888222)"),
    (".045", "0111222331114443322211144222664441112227711144433222111448627744411122288851444772221118886277444111222381114447722211188222774441112228811144477222111442227744411122288111444772221118886(27744411122288111444772221118822)"),
    (".051", "01110221340111322234015432223101043222010104325(401010232340101323234010432323101043232010104323)"),
    (".055", "011122231114443222111422264441112227111444322211148227444111222781144472221114422774411122277111447222111448227441112227781144722211144422774111222777111442221114448227411122274781144722111444812744112227478111442211144481224411122744411184721114447112844112(2744411184421114447212844111274441118447111444721114442127441112244781144472111444811744411127478114447211144481124441112744411174721114447112844111)"),
    (".101", "0101(0)"),
    (".102", "0(100011)"),
    (".111", "0111(0)"),
    (".112", "0(110001)"),
    (".115", "0(11101112221222)"),
    (".116", "011002120211044152411204120411544252021544858282524A1A0A52425114051202114A514201120A120A1189818201120A12061104415241120415041152425A0A15428(58285524A1A0A52425114051202114A514201120A120A818981C201120A12061104415241120415041152425A0A1542C)"),
    (".121", "0102(1001)"),
    (".122", "0(10021)"),
    (".123", "01022(10021)"),
    (".124", "01001102130213011302332234250425322332031103120312011405547264750411021302130113023322746544557263320311031203120114055473(64758411021302130113023322746544557963320311031203120114055475)"),
    (".131", "0112(0011)"),
    (".132", "0(11002)"),
    (".134", "011001120312031103122332243514352233221301130213021104154462(74651401120312031103122332647544756273221301130213021104154463)"),
    (".141", "01011012212410(11212212412)"),
    (".144", "0100(1222244111)"),
    (".145", "010(112222411)"),
    (".147", "010(12224411)"),
    (".152", "01(102220104323101322401042231013234010222010432340)"),
    (".153", "0111222110222440(11222111222441)"),
    (".154", "0110(11222224111)"),
    (".157", "0(111222)"),
    (".171", "011221102140(11221122142)"),
    (".173", "011223104320112235143(2211023741322104627401223104620112275147)"),
    (".176", "011022344116223441166332(41166334)"),
    (".226", "01234012345123451230(51234)"),
    (".312", "01202(01)"),
    (".316", "0120(212301030123)"),
    (".331", "0123(012)"),
    (".332", "0(1203)"),
    (".351", "0(12120102)"),
    (".353", "0121(20)"),
    (".373", "01(2340123415231472104321402640)"),
    (".375", "0123124321342748148124814381482148148(124814781482148174)"),
    (".512", "011(122210)"),
    (".524", "0(1022104416701226144618701876147610781674107210781678)"),
    (".532", "0112240(12241)"),
    (".536", "0(11224)"),
    (".772", "01234162(4163)"),
    ("4.12", "011220(4211221)"),
    ("4.72", "0(124)"),
    ("4.005", "012123145132121527526126268458(3615156158158656541821856567281216515813212162682812128158132121826826121261461)"),
    ("4.024", "0(12314314214264164134132142842812314314614624124134132182B82B)"),
    ("4.102", "01112220(4421112221)"),
    ("4.122", "011220(4311224)"),
    ("4.304", "0120212461528156261625186(8182615261582816251B2)"),
    ("4.323", "0124(3021)"),
    ("4.444", "0123456732897654328945CD982345FE328976543289DCFE982345GHAB89EF5432GHDCFE982345673289EF5432GH45FE982345GH3289EF54328945FE982345GH3289EF5432GHDC(FE982345GH3289EF5432GH45)"),
    ("4.722", "0124(6125)"),
    ("4.726", "01246(12741824187B1248)"),
    ("4.766", "01246128A1D2G14DE18(4D12481DG8142D148D1G)"),
];

/// Every "trivial" game: grundy's table is the published nimbers after `shift` zeros (two
/// periods of them), and `grundy period` certifies the published period with the preperiod
/// those values have (the published prefix, plus the shift unless the leading zeros already
/// fit the period).
#[test]
fn flammenkamp_trivial_games_values_and_periods() {
    for (short, nimbers) in TRIVIAL {
        let octal = code(short);
        let (prefix, cycle) = nimbers.trim_end_matches(')').split_once('(').unwrap();
        let shift = smallest_heap_with_a_move(&octal) - 1;
        let period = cycle.len();
        let mut expected = vec![0; shift as usize];
        expected.extend(
            prefix
                .chars()
                .chain(cycle.chars())
                .chain(cycle.chars())
                .map(nimber),
        );
        let preperiod = (0..expected.len() - period)
            .rev()
            .find(|&n| expected[n] != expected[n + period])
            .map_or(0, |n| n + 1);
        assert!(preperiod <= shift as usize + prefix.len(), "{short}");
        let spec = format!("octal:{octal}");
        let (found, table) = certified(&spec, 1 << 16);
        assert_eq!(&table[..expected.len()], &expected[..], "{short} = {octal}");
        assert_eq!(
            (found.preperiod, found.period, found.saltus),
            (preperiod as u64, period as u64, 0),
            "{short} = {octal}"
        );
        // Far out, `value` goes by the period: the published nimber of the same phase.
        let family = parse_spec(&spec).unwrap();
        for n in [10u64.pow(18), 10u64.pow(18) + 1, u64::MAX] {
            let phase = preperiod + ((n - preperiod as u64) % period as u64) as usize;
            let value = family.value(&n.to_string()).unwrap().finite().unwrap().0;
            assert_eq!(value, expected[phase], "{octal} at {n}");
        }
    }
}

/// [tczajka] `GameLookup.md`: which codes have the same nimbers (after the shift of the
/// module doc) as a representative (`-`: none). Row `.3x` column 7 says 0.37 plays as 0.6.
const LOOKUP: &str = "
    .x    -     4     4     -     4     -     4
    4.x   .51   4     -     .77   .51   .77   .75
    .0x   .1    -     .02   -     4     -     .4
    .1x   -     -     .02   -     -     -     -
    .2x   4     -     .22   4     4     -     .26
    .3x   -     -     .22   -     -     -     .6
    .4x   .17   .4    .17   -     -     .44   .45
    .5x   -     -     -     -     .51   -     -
    .6x   .6    .6    .6    -     .64   .64   .64
    .7x   -     -     .26   -     -     -     -
    4.0x  4     .26   .26   4     4     .26   .26
    4.1x  .51   -     4.12  .51   .51   .57   .57
    4.2x  4     .26   .26   4     4     .26   .26
    4.3x  4.3   .332  .332  4.3   4.3   .332  .332
    4.4x  .77   .77   .77   .776  .776  .776  .776
    4.5x  .51   .57   .57   .51   .51   .57   .57
    4.6x  .77   .77   .77   .776  .776  .776  .776
    4.7x  .75   -     4.72  .75   .75   4.72  4.72
    .00x  .1    -     .002  -     -     -     .04
    .01x  .11   4     .002  -     -     -     -
    .02x  .02   -     .022  -     .024  -     .026
    .03x  .02   .022  .022  -     .034  .06   .06
    .04x  .017  .04   .017  -     -     .044  .045
    .05x  -     4     .051  -     -     .054  .055
    .06x  .06   .06   .06   -     .064  .064  .064
    .07x  .4    .4    .4    .44   .44   .44   .44
    .10x  -     -     4     -     4     -     4
    .11x  -     -     .002  -     -     -     .051
    .12x  -     -     -     -     -     -     -
    .13x  -     -     .022  -     -     -     .4
    .14x  -     -     -     -     -     -     -
    .15x  .51   -     -     -     .51   -     -
    .16x  -     -     -     -     -     -     -
    .17x  -     -     -     -     .57   -     .45
    .20x  .31   4     .71   -     -     -     -
    .21x  .31   4     .71   .204  .205  .206  .207
    .22x  .22   .26   .26   -     .224  -     .226
    .23x  .22   .26   .26   .224  .224  .226  .226
    .24x  .71   4     .71   -     -     .244  .245
    .25x  .71   4     .71   .244  .245  .244  .245
    .26x  .26   .26   .26   -     .264  .264  .264
    .27x  .26   .26   .26   .264  .264  .264  .264
    .30x  4     4     4     4     4     4     4
    .31x  .71   -     .71   -     .71   -     .71
    .32x  .32   .72   .72   -     .324  .72   .72
    .33x  -     -     .26   -     .26   -     .26
    .34x  .34   -     .342  -     .344  -     .346
    .35x  -     4.3   -     -     .75   -     .75
    .36x  .36   -     .362  -     .364  -     .366
    .37x  -     .332  -     -     -     -     .64
    .40x  .4    .4    .4    -     .404  .404  .404
    .41x  .17   .173  .173  -     .414  -     .416
    .42x  .4    .4    .4    .404  .404  .404  .404
    .43x  .17   .173  .173  .414  .414  .416  .416
    .44x  .44   .44   .44   -     .444  .444  .444
    .45x  .45   .45   .45   -     .454  .454  .454
    .46x  .44   .44   .44   .444  .444  .444  .444
    .47x  .45   .45   .45   .454  .454  .454  .454
    .50x  4     4     4     4     4     4     4
    .51x  .51   -     .512  .51   .51   .157  .157
    .52x  .52   .52   .52   -     .524  .524  .524
    .53x  .53   -     .532  .57   .57   -     .536
    .54x  .54   .54   .54   .147  .147  .147  .147
    .55x  .51   .157  .157  .51   .51   .157  .157
    .56x  .56   .56   .56   -     .564  .564  .564
    .57x  .57   .536  .536  .57   .57   .536  .536
    .60x  .6    .373  .373  -     .604  -     .606
    .61x  .6    .373  .373  .604  .604  .606  .606
    .62x  .6    .373  .373  .604  .604  .606  .606
    .63x  .6    .373  .373  .604  .604  .606  .606
    .64x  .64   .64   .64   -     .644  .644  .644
    .65x  .64   .64   .64   .644  .644  .644  .644
    .66x  .64   .64   .64   .644  .644  .644  .644
    .67x  .64   .64   .64   .644  .644  .644  .644
    .70x  4     4     4     4     4     4     4
    .71x  .71   .71   .71   .71   .71   .71   .71
    .72x  .72   .72   .72   .72   .72   .72   .72
    .73x  .26   .26   .26   .26   .26   .26   .26
    .74x  .74   .74   .74   -     .744  .744  .744
    .75x  .75   .75   .75   .75   .75   .75   .75
    .76x  .76   .76   .76   -     .764  .764  .764
    .77x  .77   -     .772  -     .774  -     .776
    4.00x .71   4     .71   -     -     4.004 -
    4.01x .71   4     .71   4.004 4.005 4.004 4.007
    4.02x .26   .26   .26   -     4.024 -     4.026
    4.03x .26   .26   .26   4.024 4.024 4.026 4.026
    4.04x .71   4     .71   -     -     4.044 4.045
    4.05x .71   4     .71   4.044 4.045 4.044 4.045
    4.06x .26   .26   .26   -     4.064 4.064 4.064
    4.07x .26   .26   .26   4.064 4.064 4.064 4.064
    4.10x .51   -     4.102 .51   .51   .157  .157
    4.11x .51   4.102 4.102 .51   .51   .157  .157
    4.12x 4.12  -     4.122 .57   .57   .536  .536
    4.13x 4.12  4.122 4.122 .57   .57   .536  .536
    4.14x .51   .157  .157  .51   .51   .157  .157
    4.15x .51   .157  .157  .51   .51   .157  .157
    4.16x .57   .536  .536  .57   .57   .536  .536
    4.17x .57   .536  .536  .57   .57   .536  .536
    4.20x .71   4     .71   4.004 4.005 4.004 4.007
    4.21x .71   4     .71   4.004 4.005 4.004 4.007
    4.22x .26   .26   .26   4.024 4.024 4.026 4.026
    4.23x .26   .26   .26   4.024 4.024 4.026 4.026
    4.24x .71   4     .71   4.044 4.045 4.044 4.045
    4.25x .71   4     .71   4.044 4.045 4.044 4.045
    4.26x .26   .26   .26   4.064 4.064 4.064 4.064
    4.27x .26   .26   .26   4.064 4.064 4.064 4.064
    4.30x .353  4.3   .353  -     .75   4.304 .75
    4.31x .353  4.3   .353  4.304 .75   4.304 .75
    4.32x 4.72  .332  -     -     4.72  4.324 -
    4.33x 4.72  .332  4.323 4.324 4.72  4.324 4.327
    4.34x .353  4.3   .353  -     .75   4.344 .75
    4.35x .353  4.3   .353  4.344 .75   4.344 .75
    4.36x 4.72  .332  4.323 -     4.72  4.364 -
    4.37x 4.72  .332  4.323 4.364 4.72  4.364 4.367
    4.40x .77   .772  .772  -     4.404 -     4.406
    4.41x .77   .772  .772  4.404 4.404 4.406 4.406
    4.42x .77   .772  .772  4.404 4.404 4.406 4.406
    4.43x .77   .772  .772  4.404 4.404 4.406 4.406
    4.44x .776  .776  .776  -     4.444 4.444 4.444
    4.45x .776  .776  .776  4.444 4.444 4.444 4.444
    4.46x .776  .776  .776  4.444 4.444 4.444 4.444
    4.47x .776  .776  .776  4.444 4.444 4.444 4.444
    4.50x .51   .157  .157  .51   .51   .157  .157
    4.51x .51   .157  .157  .51   .51   .157  .157
    4.52x .57   .536  .536  .57   .57   .536  .536
    4.53x .57   .536  .536  .57   .57   .536  .536
    4.54x .51   .157  .157  .51   .51   .157  .157
    4.55x .51   .157  .157  .51   .51   .157  .157
    4.56x .57   .536  .536  .57   .57   .536  .536
    4.57x .57   .536  .536  .57   .57   .536  .536
    4.60x .77   .772  .772  4.404 4.404 4.406 4.406
    4.61x .77   .772  .772  4.404 4.404 4.406 4.406
    4.62x .77   .772  .772  4.404 4.404 4.406 4.406
    4.63x .77   .772  .772  4.404 4.404 4.406 4.406
    4.64x .776  .776  .776  4.444 4.444 4.444 4.444
    4.65x .776  .776  .776  4.444 4.444 4.444 4.444
    4.66x .776  .776  .776  4.444 4.444 4.444 4.444
    4.67x .776  .776  .776  4.444 4.444 4.444 4.444
    4.70x .75   .75   .75   .75   .75   .75   .75
    4.71x .75   .75   .75   .75   .75   .75   .75
    4.72x 4.72  -     4.722 4.72  4.72  -     4.726
    4.73x 4.72  4.722 4.722 4.72  4.72  4.726 4.726
    4.74x .75   .75   .75   .75   .75   .75   .75
    4.75x .75   .75   .75   .75   .75   .75   .75
    4.76x 4.72  4.722 4.722 4.72  4.72  -     4.766
    4.77x 4.72  4.722 4.722 4.72  4.72  4.766 4.766
";

/// The values of `octal` from its first heap with a move less one (see the module doc).
fn shifted(octal: &str, to: u64) -> Vec<u64> {
    let shift = smallest_heap_with_a_move(octal) - 1;
    let table = values(octal, to);
    assert!(table[..=shift as usize].iter().all(|&v| v == 0), "{octal}");
    table[shift as usize..].to_vec()
}

/// All 849 equivalences of the lookup tables hold for the first 1000 heaps (the range in
/// which tczajka's "trivial" games are solved).
#[test]
fn flammenkamp_equivalent_codes_have_equal_values() {
    let mut representatives = std::collections::HashMap::new();
    let mut checked = 0;
    for row in LOOKUP.lines().filter(|l| !l.trim().is_empty()) {
        let mut cells = row.split_whitespace();
        let pattern = cells.next().unwrap();
        for (digit, representative) in (1..=7).zip(cells) {
            if representative == "-" {
                continue;
            }
            let game = code(&pattern.replace('x', &digit.to_string()));
            let a = shifted(&game, 1000);
            let b = representatives
                .entry(representative)
                .or_insert_with(|| shifted(&code(representative), 1000));
            let len = a.len().min(b.len());
            assert_eq!(a[..len], b[..len], "{game} ~ {representative}");
            checked += 1;
        }
    }
    assert_eq!(checked, 849);
}

/// [tczajka] README, errors in the sources: Flammenkamp's table maps 0.161 to 0.36, but the two
/// differ, first at heap 519 (G = 2 against 4); Winning Ways' game locator maps 0.27 to 0.06
/// (it plays as 0.26) and 0.314 to 0.31 (they differ at heap 5).
#[test]
fn errors_in_the_sources_found_by_tczajka() {
    let (a, b) = (values("0.161", 600), values("0.36", 600));
    let first = (0..=600).find(|&n| a[n] != b[n]);
    assert_eq!(first, Some(519));
    assert_eq!((a[519], b[519]), (2, 4));
    assert_eq!(shifted("0.27", 100), shifted("0.26", 100));
    let (a, b) = (shifted("0.27", 100), shifted("0.06", 100));
    assert_ne!(a[..90], b[..90]);
    let (a, b) = (values("0.314", 100), values("0.31", 100));
    assert_eq!(a[..5], b[..5]);
    assert_eq!((a[5], b[5]), (2, 0));
}

/// `G(0..=to)` by the long-run driver `octal-stats` uses, and its statistics.
fn table_and_stats(octal: &str, to: u64) -> (Vec<u64>, Stats) {
    let rules = OctalCode::parse(octal, octal).unwrap().rules();
    let outcome = Run::new(&rules, octal).compute(to).unwrap();
    let mut builder = StatsBuilder::new(rules.split_parity());
    let mut table = Vec::with_capacity(to as usize + 1);
    for n in 0..=to {
        let v = outcome.value(n).unwrap();
        builder.push(v);
        table.push(u64::from(v));
    }
    (table, builder.finish(octal, outcome.period))
}

fn stats(octal: &str, to: u64) -> Stats {
    table_and_stats(octal, to).1
}

/// `(largest value, its first heap, rare mask, rare heaps, last rare heap)`.
fn summary(s: &Stats) -> (u64, u64, &str, u64, Option<u64>) {
    (
        s.largest_value,
        s.largest_first_at,
        s.rare_mask.as_str(),
        s.rare_count,
        s.last_rare,
    )
}

/// [tczajka] `SolvedGames.md`: largest value and where it first occurs, rare mask, number of
/// rare heaps and the last one. Each table reaches past preperiod + period, so nothing later
/// can change them (0.16's row is `octal_checkpoint.rs`'s; 0.165's rare values recur, no row).
#[test]
fn flammenkamp_solved_games_statistics() {
    for (octal, to, expected) in [
        ("0.45", 1 << 10, (8, 37, "0xf", 11, Some(198))),
        ("0.156", 1 << 12, (23, 1032, "0x1b", 15, Some(357))),
        ("0.356", 1 << 13, (19, 86, "0x1b", 7, Some(43))),
        ("0.644", 1 << 12, (64, 333, "0x7e", 31, Some(511))),
        ("0.127", 1 << 16, (56, 24734, "0x1+pos", 693, Some(27106))),
    ] {
        assert_eq!(summary(&stats(octal, to)), expected, "{octal}");
    }
}

/// [tczajka] `UnsolvedGames.md`, 0.04 over its first 2^17 heaps.
#[test]
fn flammenkamp_unsolved_0_04_statistics() {
    let s = stats("0.04", (1 << 17) - 1);
    assert_eq!(summary(&s), (1024, 109363, "0x7b8", 18860, Some(131003)));
    assert_eq!(s.period, None);
}

/// [tczajka] `UnsolvedGames.md`: 0.06 and Grundy's game (2^17 and 2^21 heaps): 19 s on two
/// busy cores (0.06 alone on one thread: 46 s).
#[test]
#[ignore = "long: 0.06 to 2^17 and Grundy's game to 2^21"]
fn flammenkamp_unsolved_games_statistics_long() {
    let s = stats("0.06", (1 << 17) - 1);
    assert_eq!(summary(&s), (1045, 127083, "0x5a0", 52923, Some(131070)));
    let s = stats("4!.0", (1 << 21) - 1);
    assert_eq!(summary(&s), (231, 763622, "0xfe", 1274, Some(82860)));
}

/// [tczajka] `SolvedGames.md`, the two longest: certified by the search `grundy period` runs.
#[test]
#[ignore = "long: 0.376 needs 4.5 million values, 0.354 twenty million"]
fn flammenkamp_long_solved_games_statistics() {
    for (octal, to, period, expected) in [
        (
            "0.376",
            1 << 23,
            (2268248, 4),
            (176, 341612, "0xfe", 510, Some(1140540)),
        ),
        (
            "0.354",
            1 << 25,
            (10061916, 1180),
            (113, 1152, "0x3f", 132, Some(3227)),
        ),
    ] {
        let s = stats(octal, to);
        assert_eq!(summary(&s), expected, "{octal}");
        let p = s.period.unwrap();
        assert_eq!((p.preperiod, p.period), period, "{octal}");
    }
}

/// The heaps `n` whose value differs from the periodic one, `G(n) ≠ G(n + k·period)` for the
/// `k` that reaches the preperiod.
fn exceptions(spec: &str) -> (Vec<u64>, Period) {
    let (p, table) = certified(spec, 1 << 16);
    let beyond = |n: u64| n + p.preperiod.div_ceil(p.period) * p.period;
    let exceptional = (0..p.preperiod)
        .filter(|&n| table[n as usize] != table[beyond(n) as usize])
        .collect();
    (exceptional, p)
}

/// [OEIS] A002187 (Dawson's Chess, 0.137, offset 0): "period 34 with the only exceptions at
/// n = 0, 14, 16, 17, 31, 34 and 51"; 0.07 has values a(n−1); 0.4, 0.401–0.403, 0.42,
/// 0.421–0.423 have values a(n−2). A071453 (0.117, offset 1): period 48, "the only exceptions
/// are n = 2, 6, 7, 12, 16, 22, 26, 36 and 46"; 0.051 and 0.053 have values a(n−1).
#[test]
fn oeis_exceptional_heaps() {
    let (found, p) = exceptions("octal:0.137");
    assert_eq!(found, [0, 14, 16, 17, 31, 34, 51]);
    assert_eq!((p.preperiod, p.period), (52, 34));
    let (found, p) = exceptions("octal:0.117");
    assert_eq!(found, [2, 6, 7, 12, 16, 22, 26, 36, 46]);
    assert_eq!((p.preperiod, p.period), (47, 48));
    assert_values_shifted("0.137", &["0.07"], 1);
    let fours = [
        "0.4", "0.401", "0.402", "0.403", "0.42", "0.421", "0.422", "0.423",
    ];
    assert_values_shifted("0.137", &fours, 2);
    assert_values_shifted("0.117", &["0.051", "0.053"], 1);
}

/// [OEIS] (offset 1, so "last exception at n" means preperiod n + 1): A071435 0.177, period
/// 20, last exception 496 (0.450–0.453 and 0.470–0.473 have values a(n−1)); A071434 0.1377,
/// period 24, last exception 140 (0.074–0.077: a(n−1); 0.440–0.443, 0.460–0.463: a(n−2));
/// A071452 0.11377, period 32, last exception 186 (0.0177: a(n−1); 0.045, 0.047: a(n−2)).
#[test]
fn oeis_four_and_five_digit_codes() {
    for (base, preperiod, period, shifted_by_1, shifted_by_2) in [
        (
            "0.177",
            497,
            20,
            &[
                "0.450", "0.451", "0.452", "0.453", "0.470", "0.471", "0.472", "0.473",
            ][..],
            &[][..],
        ),
        (
            "0.1377",
            141,
            24,
            &["0.074", "0.075", "0.076", "0.077"],
            &[
                "0.440", "0.441", "0.442", "0.443", "0.460", "0.461", "0.462", "0.463",
            ],
        ),
        ("0.11377", 187, 32, &["0.0177"], &["0.045", "0.047"]),
    ] {
        let (p, _) = certified(&format!("octal:{base}"), 1 << 16);
        assert_eq!((p.preperiod, p.period), (preperiod, period), "{base}");
        assert_values_shifted(base, shifted_by_1, 1);
        assert_values_shifted(base, shifted_by_2, 2);
    }
}

/// 0.56: [tczajka] `SolvedGames.md` gives preperiod 326640, period 144, largest value 64 first
/// at 22778, rare mask 0x5b with 46 rare heaps, the last at 1795; grundy agrees. The OEIS
/// entry A071436 says "the last exception is at n = 326637" (offset 1), i.e. preperiod
/// 326638: the OEIS comment is wrong. An independent naive O(n²) C program (the mex over
/// every option of the rules, written for this audit) finds the last `n` with
/// `G(n) ≠ G(n + 144)` at 326639, as grundy does here and with its reference solver
/// (`naive_solver_agrees_on_the_last_exception_of_0_56`).
#[test]
fn oeis_a071436_last_exception_of_0_56_is_326639_not_326637() {
    let (table, s) = table_and_stats("0.56", 1 << 19);
    assert_eq!(summary(&s), (64, 22778, "0x5b", 46, Some(1795)));
    // The period itself is certified (from 2^20 values) by the unit test
    // `solved_games_have_their_published_periods`.
    let last = (0..table.len() - 144)
        .rev()
        .find(|&n| table[n] != table[n + 144]);
    assert_eq!(last, Some(326639));
}

/// The same last exception of 0.56 by grundy's O(n²) reference solver (the mex over every
/// option, no rare-value shortcut), as the C program found it.
#[test]
#[ignore = "long: O(n²) over 327500 heaps, about 5e10 option visits (116 s)"]
fn naive_solver_agrees_on_the_last_exception_of_0_56() {
    let rules = OctalCode::parse("0.56", "0.56").unwrap().rules();
    let mut naive = NaiveSolver::new(&rules, vec![0]);
    while naive.values().len() <= 327_500 {
        let v = naive.next_value().unwrap();
        naive.push(v).unwrap();
    }
    let table = naive.values().to_vec();
    let last = (0..table.len() - 144)
        .rev()
        .find(|&n| table[n] != table[n + 144]);
    assert_eq!(last, Some(326639));
}

/// [OEIS] A002188: Grundy's game, G(0..=104).
const GRUNDYS_GAME: [u64; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// [Flammenkamp-Grundy]: the sparse values of Grundy's game (those whose binary digits above
/// the lowest have an even number of ones), in order, up to heap 231.
const GRUNDYS_GAME_SPARSE: [(usize, u64); 48] = [
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 1),
    (4, 0),
    (6, 1),
    (7, 0),
    (9, 1),
    (10, 0),
    (12, 1),
    (15, 1),
    (20, 0),
    (23, 0),
    (26, 0),
    (28, 1),
    (31, 1),
    (34, 1),
    (37, 1),
    (40, 1),
    (43, 1),
    (46, 1),
    (49, 1),
    (50, 0),
    (52, 1),
    (53, 0),
    (55, 1),
    (58, 1),
    (61, 1),
    (87, 7),
    (90, 7),
    (93, 7),
    (146, 6),
    (149, 6),
    (152, 6),
    (158, 11),
    (161, 11),
    (164, 11),
    (167, 11),
    (176, 7),
    (179, 7),
    (181, 12),
    (182, 7),
    (185, 7),
    (188, 7),
    (190, 12),
    (193, 12),
    (196, 10),
    (231, 10),
];

#[test]
fn grundys_game_first_values_and_sparse_values() {
    let family = parse_spec("grundys-game").unwrap();
    let table = family.sequence().unwrap().values(231).unwrap();
    assert_eq!(table[..105], GRUNDYS_GAME);
    let sparse: Vec<(usize, u64)> = (0..=231)
        .filter(|&n| (table[n] >> 1).count_ones() % 2 == 0)
        .map(|n| (n, table[n]))
        .collect();
    assert_eq!(sparse, GRUNDYS_GAME_SPARSE);
}

/// [OEIS] A317205 (Wythoff's game, rows n = 0..11 of the lower triangle, G(n, 0..=n)), from
/// Blass–Fraenkel's table, and A047708 (the diagonal G(n, n), n = 0..70).
#[test]
fn wythoff_values() {
    const TRIANGLE: [u64; 78] = [
        0, 1, 2, 2, 0, 1, 3, 4, 5, 6, 4, 5, 3, 2, 7, 5, 3, 4, 0, 6, 8, 6, 7, 8, 1, 9, 10, 3, 7, 8,
        6, 9, 0, 1, 4, 5, 8, 6, 7, 10, 1, 2, 5, 3, 4, 9, 10, 11, 12, 8, 7, 13, 14, 15, 16, 10, 11,
        9, 8, 13, 12, 0, 15, 16, 17, 14, 11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15,
    ];
    const DIAGONAL: [u64; 71] = [
        0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25, 17, 18, 19, 30, 31,
        38, 35, 36, 22, 23, 43, 45, 48, 49, 24, 26, 27, 28, 29, 33, 60, 32, 61, 57, 66, 37, 63, 34,
        64, 67, 40, 39, 41, 42, 82, 44, 74, 79, 47, 46, 87, 86, 50, 95, 96, 52, 101, 51, 102, 53,
        54,
    ];
    let wythoff = parse_spec("wythoff").unwrap();
    let g = |a: u64, b: u64| {
        wythoff
            .value(&format!("{a},{b}"))
            .unwrap()
            .finite()
            .unwrap()
            .0
    };
    let triangle: Vec<u64> = (0..12)
        .flat_map(|n| (0..=n).map(move |k| (n, k)))
        .map(|(n, k)| g(n, k))
        .collect();
    assert_eq!(triangle, TRIANGLE);
    let diagonal: Vec<u64> = (0..71).map(|n| g(n, n)).collect();
    assert_eq!(diagonal, DIAGONAL);
}

/// [WW] ch. 14: a Mock Turtles head at x (from 0) is worth the x-th odious number ([OEIS]
/// A000069), a Ruler head at x the largest power of 2 dividing x + 1 ([OEIS] A006519).
#[test]
fn coin_strips() {
    const ODIOUS: [u64; 32] = [
        1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47,
        49, 50, 52, 55, 56, 59, 61, 62,
    ];
    const RULER: [u64; 16] = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16];
    for (spec, expected) in [("mock-turtles", &ODIOUS[..]), ("ruler", &RULER[..])] {
        let family = parse_spec(spec).unwrap();
        for (x, &v) in expected.iter().enumerate() {
            let value = family.value(&x.to_string()).unwrap().finite().unwrap().0;
            assert_eq!(value, v, "{spec} {x}");
        }
    }
}

/// Misère take-away (remove 1..k, whoever takes the last token loses): the player to move
/// loses exactly when n ≡ 1 (mod k + 1). Misère Nim (Bouton): with every heap ≤ 1 the player
/// to move loses iff the number of 1s is odd; otherwise as in normal play.
#[test]
fn misere_take_away_and_nim() {
    for k in 1..=5u64 {
        let family = parse_spec(&format!("subtraction:1..{k}")).unwrap();
        for n in 1..=40u64 {
            let winner = family.outcome(&[&n.to_string()], Play::Misere).unwrap();
            let expected = if n % (k + 1) == 1 {
                Winner::Second
            } else {
                Winner::First
            };
            assert_eq!(winner, expected, "1..{k}, n = {n}");
        }
    }
    let nim = parse_spec("nim").unwrap();
    for (heaps, expected) in [
        (&["1", "1", "1"][..], Winner::Second),
        (&["1", "1"], Winner::First),
        (&["2", "2"], Winner::Second),
        (&["1", "2", "4"], Winner::First),
        (&["1", "4", "5"], Winner::Second),
    ] {
        assert_eq!(
            nim.outcome(heaps, Play::Misere).unwrap(),
            expected,
            "{heaps:?}"
        );
    }
}

/// [WW] ch. 4 (Kayles, after Dudeney): every row of n ≥ 1 pins is a first-player win, by
/// knocking down the middle one or two pins and then copying the opponent's moves in the
/// mirror; `solve` lists that move among the winning ones.
#[test]
fn kayles_rows_are_won_by_the_middle_move() {
    let kayles = parse_spec("kayles").unwrap();
    for n in 1..=120u64 {
        let solution = kayles.solve(&[&n.to_string()], Play::Normal).unwrap();
        assert_eq!(solution.winner, Winner::First, "{n}");
        let half = (n - 1) / 2;
        let mirror = if half == 0 {
            "0".to_string()
        } else {
            format!("{half}+{half}")
        };
        assert!(
            solution.winning_moves.iter().any(|m| m.to == mirror),
            "{n}: {:?}",
            solution.winning_moves
        );
    }
}

/// Subtract-a-square (Golomb 1966; Wikipedia "Subtract a square"): the cold positions begin
/// 0, 2, 5, 7, 10, 12, and "out of all the over 180,000 cold numbers less than 40 million,
/// only one ends in a 6: 11,356" — so below 100000 too.
#[test]
fn subtract_a_square_cold_positions() {
    let table = parse_spec("subtraction:squares")
        .unwrap()
        .sequence()
        .unwrap()
        .values(100_000)
        .unwrap();
    let cold: Vec<usize> = (0..table.len()).filter(|&n| table[n] == 0).collect();
    assert_eq!(cold[..6], [0, 2, 5, 7, 10, 12]);
    let ending_in_6: Vec<usize> = cold.iter().copied().filter(|n| n % 10 == 6).collect();
    assert_eq!(ending_in_6, [11356]);
}

/// [OEIS] equivalences stated in the entries' names and comments: A071464 ".127 and .1271";
/// A071436 ".560–.563"; A071509 ".1777 and .17771", and ".4RZj, R = 5, 7, Z = 4..7,
/// j = 0..3 have values a(n−1)" (offset 1: G_X(n) = G_1777(n − 1)).
#[test]
fn oeis_equivalent_codes() {
    assert_values_shifted("0.127", &["0.1271"], 0);
    assert_values_shifted("0.56", &["0.561", "0.562", "0.563"], 0);
    assert_values_shifted("0.1777", &["0.17771"], 0);
    let mut four: Vec<String> = Vec::new();
    for r in ['5', '7'] {
        for z in '4'..='7' {
            for j in '0'..='3' {
                four.push(format!("0.4{r}{z}{j}"));
            }
        }
    }
    let four: Vec<&str> = four.iter().map(String::as_str).collect();
    assert_eq!(four.len(), 32);
    assert_values_shifted("0.1777", &four, 1);
}
