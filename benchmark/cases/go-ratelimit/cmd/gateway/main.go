package main

import (
	"encoding/json"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"example.com/ratelimit/limiter"
)

func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func main() {
	lim := limiter.New(5, 20)
	stats := limiter.NewStats()

	go func() {
		for now := range time.Tick(time.Minute) {
			lim.Sweep(now, 10*time.Minute)
		}
	}()

	upstreams := []string{"/api/orders", "/api/users", "/api/search"}
	for _, prefix := range upstreams {
		http.HandleFunc(prefix+"/", func(w http.ResponseWriter, r *http.Request) {
			ok := lim.Allow(clientKey(r), time.Now())
			stats.Record(prefix, ok)
			if !ok {
				http.Error(w, "slow down", http.StatusTooManyRequests)
				return
			}
			proxy(w, r)
		})
	}

	http.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("content-type", "application/json")
		_ = json.NewEncoder(w).Encode(stats.Snapshot())
	})

	addr := os.Getenv("ADDR")
	if addr == "" {
		addr = ":8081"
	}
	log.Fatal(http.ListenAndServe(addr, nil))
}

func proxy(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}
