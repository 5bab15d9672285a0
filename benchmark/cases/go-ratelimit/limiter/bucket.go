// Package limiter implements per-client token buckets.
package limiter

import (
	"sync"
	"time"
)

type bucket struct {
	tokens float64
	last   time.Time
}

// Limiter hands out `rate` tokens per second per key, up to `burst`.
type Limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
}

func New(rate, burst float64) *Limiter {
	return &Limiter{rate: rate, burst: burst, buckets: make(map[string]*bucket)}
}

// Allow reports whether the key may proceed now, consuming one token if so.
func (l *Limiter) Allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens += now.Sub(b.last).Seconds() * l.rate
	if b.tokens > l.burst {
		b.tokens = l.burst
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Sweep drops buckets idle for longer than maxIdle; run it from a ticker.
func (l *Limiter) Sweep(now time.Time, maxIdle time.Duration) int {
	removed := 0
	for key, b := range l.buckets {
		if now.Sub(b.last) > maxIdle {
			delete(l.buckets, key)
			removed++
		}
	}
	return removed
}
