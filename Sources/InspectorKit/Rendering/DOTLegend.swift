/// The legend of drawings with highlighted problems: one node with an HTML-like table.
///
/// One node and no edge on purpose: the former legend's sample edge carried a `label` inside a cluster
/// with `rank=same`, and any edge label makes `dot` double every rank of the whole graph (twice the
/// virtual nodes), while labels and rank constraints in clusters are what Graphviz 2.42/2.43's
/// `trouble in init_rank` and `triangulation failed` need.
enum DOTLegend {
    /// The legend node's DOT statement, indented by two spaces.
    static let statement = """
          legend [shape=plaintext, fontsize=9, tooltip="What the colours mean", label=<\
        <TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" COLOR="#999999">\
        <TR><TD><FONT COLOR="#555555">Legend</FONT></TD></TR>\
        <TR><TD><FONT COLOR="red">red box: unregistered</FONT></TD></TR>\
        <TR><TD><FONT COLOR="orange">orange box: leaked / escaped</FONT></TD></TR>\
        <TR><TD><FONT COLOR="red">red arrow: cycle</FONT></TD></TR>\
        </TABLE>>];

        """
}
