"""Mutual imports between modules of crates/grundy/src (code only: comments and test modules stripped)."""
import os,re,collections,sys
root=sys.argv[1]
def mod_of(path):
    p=path[:-3]
    if p.endswith('/mod'): p=p[:-4]
    return 'crate' if p=='lib' else p.replace('/','::')
files=[os.path.relpath(os.path.join(d,f),root) for d,_,fs in os.walk(root) for f in fs if f.endswith(".rs") and f != "tests.rs"]
mods={mod_of(f) for f in files}
edges=collections.defaultdict(set)
for f in files:
    m=mod_of(f); src=open(os.path.join(root,f)).read()
    i=src.find('#[cfg(test)]\n')
    while i>=0 and not re.match(r'#\[cfg\(test\)\]\n(pub(\(crate\))? )?mod [a-z_]+', src[i:]): i=src.find('#[cfg(test)]\n',i+1)
    if i>=0: src=src[:i]
    src='\n'.join(l.split('//')[0] for l in src.splitlines())
    for u in re.findall(r'crate::((?:[a-z_0-9]+::)*[a-z_0-9]+)', src):
        parts=u.split('::')
        for k in range(len(parts),0,-1):
            cand='::'.join(parts[:k])
            if cand in mods:
                if cand!=m and not m.startswith(cand+'::') and not cand.startswith(m+'::'): edges[m].add(cand)
                break
    # `use super::x` inside a module dir
    for u in re.findall(r'\bsuper::([a-z_0-9]+)', src):
        parent='::'.join(m.split('::')[:-1]) if not f.endswith('mod.rs') else '::'.join(m.split('::')[:-1])
        cand=(parent+'::'+u) if parent else u
        if cand in mods and cand!=m: edges[m].add(cand)
cyc=sorted((a,b) for a in edges for b in edges[a] if a in edges.get(b,()) and a<b)
print("mutual imports between modules:", cyc if cyc else "none")
def scc_level(level):
    r=lambda m:'::'.join(m.split('::')[:level])
    e=collections.defaultdict(set)
    for a in edges:
        for b in edges[a]:
            if r(a)!=r(b): e[r(a)].add(r(b))
    def reach(s):
        seen=set(); st=[s]
        while st:
            x=st.pop()
            for y in e.get(x,()):
                if y not in seen: seen.add(y); st.append(y)
        return seen
    return sorted(x for x in e if x in reach(x))
print("modules on an import cycle (top level):", scc_level(1) or "none")
print("modules on an import cycle (two levels):", scc_level(2) or "none")
# CI fails on any finding: the layout promises no two modules import each other.
sys.exit(1 if cyc or scc_level(1) or scc_level(2) else 0)
