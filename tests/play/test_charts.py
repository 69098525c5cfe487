"""The running-totals chart: valid SVG, a line per player told apart without colour, the game's marks."""

import itertools
import xml.etree.ElementTree as ET

from companion.play.charts import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, line_style, running_totals_svg

SVG = "{http://www.w3.org/2000/svg}"
PLOT_HEIGHT = HEIGHT - TOP - BOTTOM


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def polylines(root):
    return root.findall(f"{SVG}polyline")


def points_of(line) -> list[tuple[float, float]]:
    return [tuple(float(value) for value in pair.split(",")) for pair in line.get("points").split()]


def texts(root) -> list[str]:
    return [text.text for text in root.iter(f"{SVG}text")]


def test_the_chart_has_a_title_a_description_and_one_line_per_player():
    root = parse(running_totals_svg(["Anna", "Beat", "Cla"], [[3, 1, 0], [4, 3, 1]], title="Murlan, match 1"))
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title.text == "Murlan, match 1"
    assert desc.text == "Running totals over 2 rounds. Last totals: Anna 4, Beat 3, Cla 1."
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert len(polylines(root)) == 3
    assert all(len(points_of(line)) == 3 for line in polylines(root))  # the start and two rounds


def test_each_line_differs_by_colour_and_by_dash_pattern():
    names = ["P1", "P2", "P3", "P4", "P5", "P6"]
    root = parse(running_totals_svg(names, [list(range(6))], title="six"))
    styles = [(line.get("stroke"), line.get("stroke-dasharray")) for line in polylines(root)]
    assert len({colour for colour, _ in styles}) == 6
    assert len({dashes for _, dashes in styles}) == 6  # None (solid) counts as one pattern
    assert styles[1] == line_style(1)


def test_the_names_and_last_totals_stand_at_the_line_ends_apart_even_when_equal():
    root = parse(running_totals_svg(["Anna", "Beat"], [[2, 2], [5, 5]], title="tie"))
    labels = [text for text in root.iter(f"{SVG}text") if text.get("font-weight") == "600"]
    assert sorted(label.text for label in labels) == ["Anna 5", "Beat 5"]
    first, second = sorted(float(label.get("y")) for label in labels)
    assert second - first >= 13


def test_labels_of_lines_ending_together_at_the_bottom_stay_clear_of_the_round_numbers():
    names = ["Anna", "Dora", "Beat", "Cla"]
    root = parse(running_totals_svg(names, [[1, 1, -1, -1], [2, 2, -2, -2]], title="night report"))
    labels = sorted(
        float(text.get("y")) for text in root.iter(f"{SVG}text") if text.get("font-weight") == "600"
    )
    assert labels[-1] <= HEIGHT - BOTTOM + 4, "the round numbers stand below the plot"
    assert all(lower - upper >= 13 for upper, lower in itertools.pairwise(labels))


def test_values_map_onto_the_plot_from_the_start_value():
    root = parse(running_totals_svg(["Anna"], [[12], [8]], title="Anrufen", start=10))
    (line,) = polylines(root)
    (x0, y0), (_x1, y1), (x2, y2) = points_of(line)
    assert x0 == LEFT and x2 == WIDTH - RIGHT
    assert y1 < y0 < y2  # 12 above 10 above 8
    assert min(y0, y1, y2) >= TOP and max(y0, y1, y2) <= TOP + PLOT_HEIGHT


def test_names_are_escaped():
    svg = running_totals_svg(['<b>"Jo"</b>'], [[1]], title="A & B")
    assert "<b>" not in svg
    root = parse(svg)
    assert root.find(f"{SVG}title").text == "A & B"
    assert '<b>"Jo"</b> 1' in texts(root)


def test_a_murlan_target_is_a_step_line_rising_where_the_target_rose():
    targets = [21, 21, 31, 31]
    root = parse(running_totals_svg(["A", "B"], [[3, 2], [22, 21], [25, 21]], title="t", target=targets))
    (path,) = root.findall(f"{SVG}path")
    assert path.get("d").count("V") == 1  # one rise
    assert "▲ 21" in texts(root) and "▲ 31" in texts(root)


def test_the_molotow_frame_stretches_the_axis_to_twelve_deals():
    root = parse(running_totals_svg(["A", "B", "C", "D"], [[1, 1, -1, -1]], title="m", frame_rounds=12))
    assert "12" in texts(root)
    (line,) = [line for line in polylines(root) if line.get("stroke") == line_style(0)[0]]
    last_x = points_of(line)[-1][0]
    assert last_x < LEFT + (WIDTH - LEFT - RIGHT) / 6  # round 1 of 12 sits near the left


def test_no_round_yet_still_draws_an_empty_chart():
    root = parse(running_totals_svg(["A", "B"], [], title="empty"))
    assert root.find(f"{SVG}desc").text.startswith("Running totals over 0 rounds.")


def test_a_players_own_colour_draws_their_line_and_name_with_their_seats_dash_pattern():
    colours = {"Anna": "#be185d", "Beat": None, "Cla": "not a colour"}
    root = parse(running_totals_svg(["Anna", "Beat", "Cla"], [[3, 1, 0]], title="own", colours=colours))
    strokes = {
        line.get("data-player"): (line.get("stroke"), line.get("stroke-dasharray"))
        for line in polylines(root)
    }
    assert strokes["Anna"] == ("#be185d", None)  # the first seat's solid line, in Anna's colour
    assert strokes["Beat"] == line_style(1)  # no colour of his own: the seat's
    assert strokes["Cla"] == line_style(2)  # not a colour: never written into the drawing
    labels = {
        text.text.split()[0]: text.get("fill") for text in root.iter(f"{SVG}text") if text.get("font-weight")
    }
    assert labels == {"Anna": "#be185d", "Beat": line_style(1)[0], "Cla": line_style(2)[0]}


def test_a_white_players_line_has_an_edge_and_their_name_is_written_in_black():
    root = parse(running_totals_svg(["Anna", "Beat"], [[3, 1]], title="pale", colours={"Anna": "#ffffff"}))
    edges = [line for line in polylines(root) if line.get("class") == "chart-edge"]
    assert len(edges) == 1 and edges[0].get("points") == polylines(root)[1].get("points")
    label = next(text for text in root.iter(f"{SVG}text") if (text.text or "").startswith("Anna "))
    assert label.get("fill") == "#000000"


def test_a_match_of_thousands_of_rounds_still_gets_a_chart_with_a_few_round_labels():
    rounds = 2345
    root = parse(running_totals_svg(["Anna", "Beat"], [[n, -n] for n in range(1, rounds + 1)], title="Long"))
    round_labels = [text.text for text in root.iter(f"{SVG}text") if text.get("text-anchor") == "middle"]
    assert round_labels == ["0", "500", "1000", "1500", "2000"]
