"""The running-totals chart: valid SVG, a line per player told apart without colour, the game's marks."""

import itertools
import random
import xml.etree.ElementTree as ET

from companion.play.charts import (
    BOTTOM,
    FONT_SIZE,
    HEIGHT,
    LABEL_CHARS,
    LEFT,
    RIGHT,
    TOP,
    WIDTH,
    label_spots,
    label_text,
    line_style,
    running_totals_svg,
)

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


def end_labels(root) -> dict[str, float]:
    """Each end label's baseline by its text."""
    return {
        text.text: float(text.get("y"))
        for text in root.iter(f"{SVG}text")
        if text.get("font-weight") == "600"
    }


def apart_and_inside(spots) -> bool:
    """No two labels closer than a label is tall, every label's letters inside the chart and above
    the rounds' numbers."""
    ordered = sorted(spots)
    return all(lower - upper >= FONT_SIZE for upper, lower in itertools.pairwise(ordered)) and (
        ordered[0] >= FONT_SIZE and ordered[-1] <= HEIGHT - BOTTOM + 4
    )


def test_labels_of_lines_ending_close_together_never_overlap_nor_leave_the_chart():
    # Issue 37: two lines ending together at the bottom pushed every label up, the top one off the chart.
    names = ["Anna", "Beat", "Cla", "Dora", "Eva"]
    root = parse(running_totals_svg(names, [[1, 2, 0, 1, 0], [3, 5, 0, 4, 0]], title="close"))
    labels = end_labels(root)
    assert sorted(labels) == ["Anna 3", "Beat 5", "Cla 0", "Dora 4", "Eva 0"]
    assert apart_and_inside(labels.values()), labels


def test_a_label_away_from_the_crowd_stays_by_its_lines_end():
    names = ["Anna", "Beat", "Cla", "Dora", "Eva"]
    root = parse(running_totals_svg(names, [[1, 2, 0, 1, 0], [3, 5, 0, 4, 0]], title="close"))
    ends = {line.get("data-player"): points_of(line)[-1][1] for line in polylines(root)}
    labels = end_labels(root)
    for name, total in (("Beat", 5), ("Dora", 4), ("Anna", 3)):
        assert labels[f"{name} {total}"] == round(ends[name] + 4, 1), name


def test_six_players_ending_within_a_point_get_six_labels_apart_inside_the_chart():
    names = ["Alexandra", "Bartholomäus", "Jean-Christophe", "Dora", "Maximiliane", "Ursula"]
    for last in ([30, 31, 29, 30, 30, 31], [0, 0, 1, 0, 1, 0], [-10, -10, -9, -10, 40, -10]):
        root = parse(running_totals_svg(names, [[5] * 6, last], title="close"))
        assert apart_and_inside(end_labels(root).values()), last


def test_end_labels_are_apart_and_inside_the_chart_wherever_the_lines_end():
    chance = random.Random(37)
    for _ in range(2000):
        count = chance.randint(1, 10)
        wanted = [chance.uniform(TOP, HEIGHT - BOTTOM) + 4 for _ in range(count)]
        if chance.random() < 0.5:  # crowds: several lines ending at the same total
            wanted = [chance.choice(wanted[:2]) for _ in wanted]
        assert apart_and_inside(label_spots(wanted)), wanted


def test_a_long_name_is_shortened_beside_a_long_total_which_is_never_cut():
    assert label_text("Anna", 5) == "Anna 5"
    assert label_text("Alexandra", 100010) == "Alex… 100010"
    assert label_text("Bartholomäus", -100000) == "Bar… -100000"
    assert label_text("Maximiliane", 30) == "Maximili… 30"
    assert all(
        len(label_text(name, total)) <= LABEL_CHARS
        for name in ("Jean-Christophe", "A" * 40, "Ursula")
        for total in (0, -7, 100010, -100000)
    )


def test_values_map_onto_the_plot_from_the_start_value():
    root = parse(running_totals_svg(["Anna"], [[12], [8]], title="Anrufen", start=10))
    (line,) = polylines(root)
    (x0, y0), (_x1, y1), (x2, y2) = points_of(line)
    assert x0 == LEFT and x2 == WIDTH - RIGHT
    assert y1 < y0 < y2  # 12 above 10 above 8
    assert min(y0, y1, y2) >= TOP and max(y0, y1, y2) <= TOP + PLOT_HEIGHT


def test_names_are_escaped():
    svg = running_totals_svg(['<b>"J"</b>'], [[1]], title="A & B")
    assert "<b>" not in svg
    root = parse(svg)
    assert root.find(f"{SVG}title").text == "A & B"
    assert '<b>"J"</b> 1' in texts(root)  # short enough to stand whole at the line end


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
