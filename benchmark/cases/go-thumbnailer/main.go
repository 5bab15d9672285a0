package main

import (
	"log"
	"net/http"
	"os"
)

type server struct {
	uploadDir string
	thumbDir  string
}

func main() {
	s := &server{uploadDir: os.Getenv("UPLOAD_DIR"), thumbDir: os.Getenv("THUMB_DIR")}
	http.HandleFunc("POST /upload", s.handleUpload)
	http.HandleFunc("GET /info/{name}", func(w http.ResponseWriter, r *http.Request) {
		info, err := s.imageInfo(r.PathValue("name"))
		if err != nil {
			http.Error(w, "unknown image", http.StatusNotFound)
			return
		}
		w.Write([]byte(info + "\n"))
	})
	http.HandleFunc("POST /import", func(w http.ResponseWriter, r *http.Request) {
		name, err := s.importFromURL(r.FormValue("url"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		w.Write([]byte(name + "\n"))
	})
	log.Fatal(http.ListenAndServe(":8090", nil))
}
