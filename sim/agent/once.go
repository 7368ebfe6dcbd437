package agent

import "sync"

// perProcess holds values that are expensive to make (a solved table, an
// endgame database): each is made once per key and process, and every
// worker that asks for the same key shares it, errors included.
type perProcess[T any] struct {
	m sync.Map // string -> *perProcessEntry[T]
}

type perProcessEntry[T any] struct {
	once sync.Once
	v    T
	err  error
}

// get returns the value for key, calling build the first time key is asked
// for; later calls, concurrent ones too, return that first result.
func (c *perProcess[T]) get(key string, build func() (T, error)) (T, error) {
	v, _ := c.m.LoadOrStore(key, &perProcessEntry[T]{})
	e := v.(*perProcessEntry[T])
	e.once.Do(func() { e.v, e.err = build() })
	return e.v, e.err
}

// forget drops the value of key, so that the next get builds it again
// (a build stopped by a cancelled context).
func (c *perProcess[T]) forget(key string) { c.m.Delete(key) }
