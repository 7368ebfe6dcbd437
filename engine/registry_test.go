package engine_test

import (
	"errors"
	"testing"

	"github.com/baolab/baolab/engine"
)

// fakeGame is a *Game of a made-up variant package.
type fakeGame struct{ engine.Game }

// TestNewFuncNilOnError checks that a variant constructor's error comes
// back with a nil engine.Game, not an interface holding a nil *Game, and
// that a Game comes back as made.
func TestNewFuncNilOnError(t *testing.T) {
	bad := engine.NewFunc(func(engine.Values) (*fakeGame, error) { return nil, errors.New("bad holes") })
	if g, err := bad(nil); g != nil || err == nil || err.Error() != "bad holes" {
		t.Errorf("error case: %v, %v", g, err)
	}
	want := &fakeGame{}
	good := engine.NewFunc(func(engine.Values) (*fakeGame, error) { return want, nil })
	if g, err := good(nil); err != nil || g != engine.Game(want) {
		t.Errorf("good case: %v, %v", g, err)
	}
}
