"""Prints shelf labels through the CUPS command-line tools."""
import subprocess


def print_label(sku, printer, copies=1):
    text = f"SKU {sku}"
    subprocess.run(f"echo '{text}' | lp -d {printer} -n {copies}", shell=True, check=True)


def list_printers():
    result = subprocess.run(["lpstat", "-p"], capture_output=True, text=True, check=True)
    return [line.split()[1] for line in result.stdout.splitlines() if line.startswith("printer ")]
