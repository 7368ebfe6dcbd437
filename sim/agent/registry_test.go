package agent_test

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/sim/agent"
)

// TestEveryKindRoundTrips parses every declared agent with its defaults and
// with every key set to a value other than its default, and checks that the
// key reaches its field (the canonical form writes it) and the canonical
// form reads back to the same spec and is its own canonical form.
// A kind added to Kinds without a value here fails the test.
func TestEveryKindRoundTrips(t *testing.T) {
	others := map[string]string{ // a non-default value of every key
		"alphabeta.depth": "7", "alphabeta.nodes": "5000", "alphabeta.tt": "64", "alphabeta.endgame": "eg/dir", "alphabeta.eval": "fitted",
		"mcts.iters": "50", "mcts.c": "0.25", "mcts.rollout": "greedy", "mcts.solver": "true", "mcts.endgame": "eg/dir",
		"perfect.table": "runs/solved",
		// strong takes alphabeta's keys; its canonical form is alphabeta's.
		"strong.depth": "7", "strong.nodes": "5000", "strong.tt": "64", "strong.endgame": "eg/dir", "strong.eval": "material",
	}
	seen := map[string]bool{}
	for _, k := range agent.Kinds() {
		if seen[k.Name] || k.Name == "" || k.Doc == "" {
			t.Errorf("kind %q: empty, undocumented or declared twice", k.Name)
		}
		seen[k.Name] = true
		specs := []string{k.Name}
		var all []string
		for _, o := range k.Options {
			v, ok := others[k.Name+"."+o.Key]
			if !ok || o.Help == "" {
				t.Errorf("%s: key %q has no test value or no help", k.Name, o.Key)
				continue
			}
			one := k.Name + ":" + o.Key + "=" + v
			specs = append(specs, one)
			all = append(all, o.Key+"="+v)
			// The key reaches its field: the canonical form writes it.
			if s, err := agent.Parse(one); err != nil || (!strings.Contains(s.String(), o.Key+"="+v) && one != "strong:eval=material") {
				t.Errorf("Parse(%q) = %v, %v; want a canonical form with %s=%s", one, s, err, o.Key, v)
			}
		}
		if len(all) > 0 {
			specs = append(specs, k.Name+":"+strings.Join(all, ","))
		}
		for _, in := range specs {
			s, err := agent.Parse(in)
			if err != nil {
				t.Errorf("Parse(%q): %v", in, err)
				continue
			}
			again, err := agent.Parse(s.String())
			if err != nil || again != s || again.String() != s.String() {
				t.Errorf("Parse(%q) = %#v; its canonical form %q reads back as %#v, %v", in, s, s.String(), again, err)
			}
			if name := strings.Replace(k.Name, "strong", "alphabeta", 1); !strings.HasPrefix(s.String(), name) {
				t.Errorf("Parse(%q).String() = %q, not of agent %s", in, s.String(), k.Name)
			}
		}
	}
	for _, name := range []string{"random", "greedy", "alphabeta", "mcts", "perfect", "strong"} {
		if _, ok := agent.LookupKind(name); !ok {
			t.Errorf("LookupKind(%q) not found", name)
		}
	}
}
