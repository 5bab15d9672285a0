package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
)

const maxUpload = 20 << 20

func (s *server) handleUpload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	file, header, err := r.FormFile("image")
	if err != nil {
		http.Error(w, "missing image", http.StatusBadRequest)
		return
	}
	defer file.Close()

	dest := filepath.Join(s.uploadDir, header.Filename)
	out, err := os.Create(dest)
	if err != nil {
		http.Error(w, "cannot store upload", http.StatusInternalServerError)
		return
	}
	defer out.Close()
	if _, err := io.Copy(out, file); err != nil {
		http.Error(w, "upload failed", http.StatusBadRequest)
		return
	}

	thumb, err := s.makeThumbnail(dest, r.FormValue("size"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	fmt.Fprintf(w, "%s\n", filepath.Base(thumb))
}
