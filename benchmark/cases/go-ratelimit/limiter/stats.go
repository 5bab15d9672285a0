package limiter

import "sync"

// Stats counts decisions per route for the /metrics endpoint.
type Stats struct {
	mu      sync.RWMutex
	allowed map[string]int
	denied  map[string]int
}

func NewStats() *Stats {
	return &Stats{allowed: map[string]int{}, denied: map[string]int{}}
}

func (s *Stats) Record(route string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ok {
		s.allowed[route]++
	} else {
		s.denied[route]++
	}
}

func (s *Stats) Snapshot() map[string][2]int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make(map[string][2]int, len(s.allowed))
	for route, n := range s.allowed {
		out[route] = [2]int{n, s.denied[route]}
	}
	for route, n := range s.denied {
		if _, seen := out[route]; !seen {
			out[route] = [2]int{0, n}
		}
	}
	return out
}
