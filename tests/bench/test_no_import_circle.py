"""The bench's files import each other in one direction only: a part two benchmarks share
has one home that both import, and neither imports the other's."""

import ast
import graphlib

from tests.servers import ROOT

BENCH = ROOT / "bench"


def bench_imports(path) -> set[str]:
    """The bench modules `path` imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "bench":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bench."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("bench.")}
    return found


def test_no_file_of_the_bench_imports_itself_back_through_another():
    graph = {path.stem: bench_imports(path) for path in BENCH.glob("*.py")}
    assert graph["league"] and graph["tournament"] and graph["fanout"], "it reads the imports"
    order = list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a circle
    assert order.index("game") < order.index("league") < order.index("fanout")
    assert order.index("game") < order.index("tournament") < order.index("fanout")
    assert order.index("walls") < order.index("viewers")
