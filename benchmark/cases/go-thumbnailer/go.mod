module example.com/thumbnailer

go 1.22
