package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

var client = &http.Client{Timeout: 30 * time.Second}

// importFromURL downloads a remote image into the upload folder under a generated name.
func (s *server) importFromURL(url string) (string, error) {
	resp, err := client.Get(url)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("fetch %s: %s", url, resp.Status)
	}
	defer resp.Body.Close()

	name := fmt.Sprintf("import-%d.img", time.Now().UnixNano())
	out, err := os.Create(filepath.Join(s.uploadDir, name))
	if err != nil {
		return "", err
	}
	defer out.Close()
	_, err = io.Copy(out, io.LimitReader(resp.Body, maxUpload))
	return name, err
}
