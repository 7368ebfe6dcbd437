package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

func newAgentsCmd() *cobra.Command {
	return newListCmd(&cobra.Command{
		Use:   "agents [--json]",
		Short: "List the agents and their spec keys, defaults and allowed values",
		Long: `List every agent with its spec keys: default, allowed values and meaning.
The list is generated from the same declarations the agent spec parser uses
(package sim/agent, Kinds). An agent spec is written NAME or
NAME:key=value,key=value, in the grammar of rulesets; an agent pair for the
two seats is SOUTH/NORTH, and a single spec plays both. A key with default
"-" has none: left out, it is not used (its meaning says what happens).

--json prints one JSON object instead, {"agents":[...]}, each agent
{"name", "doc", "options":[...]} and each option as in baolab rules --json
{"key", "default" ("" for none), "allowed", "values", "numeric", "min",
"max", "board_size", "ignored", "optional" (true: no default), "help"}.`,
		Example: `  baolab agents
  baolab agents --json`,
	}, writeAgents, writeAgentsJSON)
}

func writeAgents(w io.Writer) error {
	var list []optionList
	for _, k := range agent.Kinds() {
		list = append(list, optionList{k.Name, k.Doc, "key", k.Options})
	}
	return writeOptionLists(w, list, func(o engine.Option) (string, string) {
		if o.Optional {
			return "-", o.Help
		}
		return o.Default, o.Help
	})
}

// agentJSON is one agent in baolab agents --json.
type agentJSON struct {
	Name    string       `json:"name"`
	Doc     string       `json:"doc"`
	Options []optionJSON `json:"options"`
}

func writeAgentsJSON(w io.Writer) error {
	var out struct {
		Agents []agentJSON `json:"agents"`
	}
	for _, k := range agent.Kinds() {
		out.Agents = append(out.Agents, agentJSON{Name: k.Name, Doc: k.Doc, Options: optionsJSON(k.Options)})
	}
	return newJSONEncoder(w).Encode(out)
}
