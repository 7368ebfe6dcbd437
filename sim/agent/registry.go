package agent

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/baolab/baolab/engine"
)

// Kind is one kind of agent: its name, what it does, its spec keys and how
// a spec is made of their values. Each agent is declared once, as a Kind
// built by declare in its own file; Kinds lists them. Parse, the errors'
// lists of agents and keys, `baolab agents` and its --json all come from
// the declarations.
type Kind struct {
	Name string // the spec's NAME, e.g. "alphabeta"
	Doc  string // one line: what the agent plays
	// Options are the spec's keys, in the order of the canonical form,
	// declared with the option machinery of the rulesets (engine.Option):
	// key, default (none when Optional), allowed values and help.
	Options []engine.Option
	parse   func(spec, text string) (Spec, error)
}

// Kinds returns every agent kind, in the order errors and `baolab agents`
// list them. To add an agent, declare its Kind next to its spec type and
// add it here.
func Kinds() []Kind {
	return []Kind{randomKind, greedyKind, alphabetaKind, mctsKind, perfectKind, strongKind}
}

// LookupKind returns the kind called name.
func LookupKind(name string) (Kind, bool) {
	for _, k := range Kinds() {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// declare makes the Kind of spec type S from its option table: Parse
// reads the keys with engine.ParseValues, so specs share the rulesets'
// NAME:key=value grammar and its errors, and sets S's fields through the
// bindings. finish, when not nil, completes a parsed spec (a default that
// depends on other keys).
func declare[S Spec](name, doc string, table engine.Table[S], finish func(S) S) Kind {
	return Kind{
		Name: name, Doc: doc, Options: table.Options(),
		parse: func(spec, text string) (Spec, error) {
			s, err := table.Parse(fmt.Sprintf("agent spec %q: %s", spec, name), text)
			if err != nil {
				return nil, err
			}
			if finish != nil {
				s = finish(s)
			}
			return s, nil
		},
	}
}

// decimal returns a Check accepting decimal numbers in [lo, hi]; the
// canonical text is the shortest that reads back exactly.
func decimal(lo, hi float64) func(string) (string, bool) {
	return func(v string) (string, bool) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || x < lo || x > hi {
			return "", false
		}
		return strconv.FormatFloat(x, 'g', -1, 64), true
	}
}

// directory is a Check accepting any non-empty text, kept as given.
func directory(v string) (string, bool) { return v, v != "" }

// setFloat sets a float64 field to the option's decimal.
func setFloat[S any](field func(*S) *float64) func(*S, string, int) {
	return func(s *S, val string, _ int) { *field(s), _ = strconv.ParseFloat(val, 64) }
}

// setText sets a string field to the option's text.
func setText[S any](field func(*S) *string) func(*S, string, int) {
	return func(s *S, val string, _ int) { *field(s) = val }
}

// agentNames lists the agents in the order errors show them.
func agentNames() string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}

// Parse parses an agent spec NAME or NAME:key=value,... (the agents and
// their keys: Kinds, or `baolab agents`). Omitted keys take their
// defaults; spaces around names, keys and values are ignored. An error
// is one line that quotes the spec and names the problem and what is
// allowed: the agents, an agent's keys, or a key's values.
func Parse(spec string) (Spec, error) {
	name, opts, hasOpts := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.TrimSpace(name)
	hasOpts = hasOpts && strings.TrimSpace(opts) != "" // "NAME:" is "NAME"
	k, ok := LookupKind(name)
	switch {
	case name == "":
		return nil, fmt.Errorf("agent spec %q: no agent name (agents: %s)", spec, agentNames())
	case !ok:
		return nil, fmt.Errorf("agent spec %q: unknown agent %q (agents: %s)", spec, name, agentNames())
	case hasOpts && len(k.Options) == 0:
		return nil, fmt.Errorf("agent spec %q: %s takes no keys", spec, name)
	}
	return k.parse(spec, opts)
}

// mustBeValid panics, as New does for a spec Parse would not return, if
// s's canonical form is not a valid spec.
func mustBeValid(s Spec) {
	if _, err := Parse(s.String()); err != nil {
		panic("agent: " + s.String() + ": out of range: " + err.Error())
	}
}

// bind pairs a key with the field of S it sets.
func bind[S any](o engine.Option, set func(*S, string, int)) engine.Binding[S] {
	return engine.Binding[S]{Option: o, Set: set}
}
