package config

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// File is where the keys of a strictly decoded TOML file are (Decode), so
// that a problem found later points at its line.
type File struct {
	Path string          // the file
	Set  map[string]bool // keys present in the file
	// lines: key → line of the key, then of each list element.
	lines map[string][]int
}

// Keys returns the TOML keys of the struct type t, exactly as spelled:
// the toml tags of its fields, in order, those of an untagged embedded
// struct in its place (the decoder flattens it).
func Keys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		k := strings.Split(f.Tag.Get("toml"), ",")[0]
		switch {
		case f.Anonymous && k == "" && f.Type.Kind() == reflect.Struct:
			out = append(out, Keys(f.Type)...)
		case k != "" && k != "-":
			out = append(out, k)
		}
	}
	return out
}

// Decode decodes the TOML data of the file path into v, a pointer to a
// struct, strictly: a key that is not one of v's (Keys), in another case
// too (TOML keys are case-sensitive, which the decoder ignores), a value
// of the wrong type and a syntax error are one-line errors
// "FILE:LINE:COLUMN: ..." naming the key and the keys allowed. Both
// experiment files and `baolab solve --grid` files are read with it.
func Decode(path string, data []byte, v any) (File, error) {
	keys := Keys(reflect.TypeOf(v).Elem())
	keyList := "keys: " + strings.Join(keys, ", ")
	f := File{Path: path, Set: make(map[string]bool), lines: make(map[string][]int)}
	dec := toml.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return f, decodeError(path, keyList, err)
	}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		e := p.Expression()
		if e.Kind != unstable.KeyValue {
			continue
		}
		var parts []string
		for k := e.Key(); k.Next(); {
			parts = append(parts, string(k.Node().Data))
		}
		key := strings.Join(parts, ".")
		if !slices.Contains(keys, key) {
			// The decoder matches keys without regard to case (GAMES
			// would set games); keys are case-sensitive, as in TOML.
			pos := p.Shape(e.Raw).Start
			return f, fmt.Errorf("%s:%d:%d: unknown key %q (%s)", path, pos.Line, pos.Column, key, keyList)
		}
		f.Set[key] = true
		lines := []int{p.Shape(e.Raw).Start.Line}
		if v := e.Value(); v.Kind == unstable.Array {
			for it := v.Children(); it.Next(); {
				lines = append(lines, p.Shape(it.Node().Raw).Start.Line)
			}
		}
		f.lines[key] = lines
	}
	if err := p.Error(); err != nil { // Decode succeeded, so this is not expected
		return f, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

func decodeError(path, keyList string, err error) error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		de := sm.Errors[0]
		line, col := de.Position()
		return fmt.Errorf("%s:%d:%d: unknown key %q (%s)", path, line, col, strings.Join(de.Key(), "."), keyList)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if k := de.Key(); len(k) > 0 {
			return fmt.Errorf("%s:%d:%d: key %q: %s", path, line, col, strings.Join(k, "."), msg)
		}
		return fmt.Errorf("%s:%d:%d: %s", path, line, col, msg)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// Errorf returns err located in the file: at element index of list key,
// or at the key itself when index < 0 or the key is not a list.
func (f File) Errorf(key string, index int, err error) error {
	lines, ok := f.lines[key]
	if !ok {
		return fmt.Errorf("%s: key %q: %w", f.Path, key, err)
	}
	line, name := lines[0], key
	if index >= 0 && index+1 < len(lines) {
		line, name = lines[index+1], fmt.Sprintf("%s[%d]", key, index)
	}
	return fmt.Errorf("%s:%d: key %s: %w", f.Path, line, name, err)
}
