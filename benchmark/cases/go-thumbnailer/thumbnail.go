package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

var sizePattern = regexp.MustCompile(`^[0-9]{1,4}x[0-9]{1,4}$`)

func (s *server) makeThumbnail(src, size string) (string, error) {
	if !sizePattern.MatchString(size) {
		return "", fmt.Errorf("size must look like 200x200")
	}
	out := filepath.Join(s.thumbDir, strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))+"_"+size+".jpg")
	cmd := exec.Command("convert", src, "-thumbnail", size, out)
	if output, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("convert failed: %v: %s", err, output)
	}
	return out, nil
}

func (s *server) imageInfo(name string) (string, error) {
	cmd := exec.Command("sh", "-c", "identify -format '%wx%h' "+filepath.Join(s.uploadDir, name))
	output, err := cmd.Output()
	return strings.TrimSpace(string(output)), err
}
