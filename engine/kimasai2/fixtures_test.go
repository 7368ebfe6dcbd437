package kimasai2

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
)

// fixture is one never-ending move kept from random play.
type fixture struct {
	pos    Position
	toMove engine.Player
	move   engine.Move
	laps   int64 // laps exact detection takes to find the repeat
	brent  int64 // laps Brent's method alone took (the first detector)
	line   string
}

// loadFixtures reads testdata/never_ending.txt.
func loadFixtures(t testing.TB) []fixture {
	t.Helper()
	f, err := os.Open("testdata/never_ending.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fixture
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		body, _, _ := strings.Cut(line, "#")
		if strings.TrimSpace(body) == "" {
			continue
		}
		fx := fixture{line: line}
		for _, kv := range strings.Fields(body) {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "south", "north":
				pl := engine.South
				if k == "north" {
					pl = engine.North
				}
				for h, c := range strings.Split(v, ",") {
					fx.pos.Cows[pl][h] = uint8(atoi(t, c))
				}
			case "reserve":
				a, b, _ := strings.Cut(v, ",")
				fx.pos.Reserve = [2]int{atoi(t, a), atoi(t, b)}
			case "tomove":
				if v == "north" {
					fx.toMove = engine.North
				}
			case "move":
				fx.move = engine.Move(atoi(t, v))
			case "laps":
				fx.laps = int64(atoi(t, v))
			case "brent":
				fx.brent = int64(atoi(t, v))
			default:
				t.Fatalf("fixture: unknown key %q in %q", k, line)
			}
		}
		out = append(out, fx)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	return n
}
